import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse } from '../../domain/batch.ts';
import type { ProductJson } from '../../domain/products.ts';
import {
  transferMessages,
  type MovementLogJson,
  type TransferResult,
} from '../../domain/transfers.ts';
import { seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

interface Page<T> {
  items: T[];
  deleted: string[];
  cursor: string;
  more: boolean;
}

const moveUrl = '/api/v1/godown/inventory-movement';
const logsUrl = '/api/v1/godown/movement-logs';

describeEachDatabase('stock transfers', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let godownClerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target, { config: { logLevel: 'error' } });
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    godownClerk = await createUser(t, { role: 'employee', category: 'godown' });
  });
  afterAll(() => t.close());

  function move(
    body: Record<string, unknown>,
    options: { key?: string; user?: TestUser } = {},
  ): Promise<LightMyRequestResponse> {
    return request(t, {
      method: 'POST',
      url: moveUrl,
      token: options.user ?? admin,
      headers: { 'idempotency-key': options.key ?? randomUUID() },
      payload: body,
    });
  }

  const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

  /** Live godown rows of a product name: location → quantity (lower-cased locations). */
  async function stockByLocation(name: string): Promise<Map<string, number>> {
    const rows = await t.db
      .selectFrom('products')
      .select(['location', 'quantity'])
      .where('department', '=', 'godown')
      .where('name', '=', name)
      .where('deletedAt', 'is', null)
      .execute();
    const byLocation = new Map<string, number>();
    for (const row of rows) {
      const key = (row.location ?? '').toLowerCase();
      expect(byLocation.has(key), `one row of ${name} per location`).toBe(false);
      byLocation.set(key, Number(row.quantity));
    }
    return byLocation;
  }

  describe('POST /godown/inventory-movement', () => {
    it('moves stock, creates the product at a new destination and answers the log and both products', async () => {
      const name = uniqueName('Rice');
      const productId = await seedProduct(t, 'godown', {
        name,
        quantity: 30,
        price: 2500,
        location: 'Main Store',
      });
      const logId = randomUUID();
      const destinationId = randomUUID();
      const res = await move({
        productId,
        transferQuantity: 25,
        origin: 'main store',
        destination: 'Deck A',
        reason: 'Ship tomorrow',
        _id: logId,
        destinationProductId: destinationId,
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<TransferResult>();
      expect(body.message).toBe(transferMessages.success);
      expect(body.origin).toMatchObject({ _id: productId, quantity: 5, condition: 'low stock' });
      expect(body.destination).toMatchObject({
        _id: destinationId,
        name,
        price: 2500,
        description: 'Seeded for a test',
        quantity: 25,
        location: 'Deck A',
        condition: 'new',
      });
      expect(body.log).toEqual({
        _id: logId,
        transactionId: logId,
        productId,
        productName: name,
        destinationProductId: destinationId,
        origin: 'Main Store',
        destination: 'Deck A',
        transferQuantity: 25,
        reason: 'Ship tomorrow',
        userId: admin.id,
        userEmail: admin.email,
        transferDate: expect.any(String) as string,
      });
      expect(Date.parse(body.log.transferDate)).not.toBeNaN();
      expect(await stockByLocation(name)).toEqual(
        new Map([
          ['main store', 5],
          ['deck a', 25],
        ]),
      );
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'entityId'])
        .where('entityId', 'in', [productId, destinationId])
        .execute();
      expect(audit.map((row) => `${row.action} ${row.entityId}`).sort()).toEqual(
        [`create ${destinationId}`, `update ${productId}`].sort(),
      );
    });

    it('merges into the product of the same name at the destination, case-insensitively', async () => {
      const name = uniqueName('Maize Flour');
      const productId = await seedProduct(t, 'godown', { name, quantity: 12, location: 'Store' });
      const existing = await seedProduct(t, 'godown', {
        name: name.toUpperCase(),
        quantity: 3,
        location: 'DECK b',
      });
      const provisional = randomUUID();
      const res = await move({
        productId,
        transferQuantity: 12,
        origin: 'Store',
        destination: 'deck B',
        reason: '',
        destinationProductId: provisional,
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<TransferResult>();
      expect(body.destination).toMatchObject({ _id: existing, quantity: 15, location: 'DECK b' });
      expect(body.origin).toMatchObject({ quantity: 0, condition: 'out of stock' });
      expect(body.log).toMatchObject({ destination: 'DECK b', destinationProductId: existing });
      expect(await stockOf(t, existing)).toBe(15);
      // The device's provisional destination row is reported deleted by the next pull.
      const tombstone = await t.db
        .selectFrom('products')
        .select('deletedAt')
        .where('id', '=', provisional)
        .executeTakeFirstOrThrow();
      expect(tombstone.deletedAt).not.toBeNull();
      const page = await request(t, {
        method: 'GET',
        url: '/api/v1/godown/products?updatedSince=0',
        token: admin,
      });
      expect(page.json<Page<ProductJson>>().deleted).toContain(provisional);
    });

    it('refuses more than the stock at the origin with 409 and changes nothing', async () => {
      const name = uniqueName('Sugar');
      const productId = await seedProduct(t, 'godown', { name, quantity: 4, location: 'Store' });
      const over = await move({
        productId,
        transferQuantity: 5,
        origin: 'Store',
        destination: 'Yard',
        reason: '',
      });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({ message: transferMessages.exceedsStock, available: 4 });
      const elsewhere = await move({
        productId,
        transferQuantity: 1,
        origin: 'Deck C',
        destination: 'Yard',
        reason: '',
      });
      expect(elsewhere.statusCode).toBe(409);
      // The product is not at that origin: nothing is available there.
      expect(elsewhere.json()).toEqual({ message: transferMessages.exceedsStock, available: 0 });
      expect(await stockByLocation(name)).toEqual(new Map([['store', 4]]));
    });

    it('answers 404 for a product that is not in the godown', async () => {
      const hardware = await seedProduct(t, 'hardware', { location: 'Store' });
      for (const productId of [randomUUID(), hardware]) {
        const res = await move({
          productId,
          transferQuantity: 1,
          origin: 'Store',
          destination: 'Yard',
          reason: '',
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: transferMessages.productNotFound });
      }
    });

    it.each([
      [{ transferQuantity: 0 }, transferMessages.quantityMin],
      [{ transferQuantity: 'ten' }, transferMessages.quantityMin],
      [{ origin: '' }, transferMessages.locationsRequired],
      [{ destination: '  ' }, transferMessages.locationsRequired],
      [{ destination: 'STORE' }, transferMessages.sameLocation],
      [{ reason: 'x'.repeat(501) }, transferMessages.reasonTooLong],
      [{ _id: 'abc' }, transferMessages.invalidId],
      [{ transferQuantity: 2_000_000 }, transferMessages.exceedsStock],
    ])('answers 400 for %j with the spec message', async (change, message) => {
      const res = await move({
        productId: randomUUID(),
        transferQuantity: 1,
        origin: 'Store',
        destination: 'Yard',
        reason: '',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    });

    it('replays the stored answer for the same Idempotency-Key and moves the stock once', async () => {
      const name = uniqueName('Beans');
      const productId = await seedProduct(t, 'godown', { name, quantity: 10, location: 'Store' });
      const body = {
        productId,
        transferQuantity: 3,
        origin: 'Store',
        destination: 'Deck',
        reason: '',
      };
      const key = randomUUID();
      const first = await move(body, { key });
      const second = await move(body, { key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await stockByLocation(name)).toEqual(
        new Map([
          ['store', 7],
          ['deck', 3],
        ]),
      );
      const changed = await move({ ...body, transferQuantity: 4 }, { key });
      expect(changed.statusCode).toBe(422);
    });

    it('runs as a step of POST /batch', async () => {
      const name = uniqueName('Salt');
      const productId = await seedProduct(t, 'godown', { name, quantity: 10, location: 'Store' });
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/batch',
        token: admin,
        payload: {
          requests: [1, 2].map((n) => ({
            id: String(n),
            method: 'POST',
            url: '/godown/inventory-movement',
            headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
            body: {
              productId,
              transferQuantity: 4,
              origin: 'Store',
              destination: 'Deck',
              reason: '',
            },
          })),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const statuses = res.json<BatchResponse>().responses.map((sub) => sub.status);
      expect(statuses).toEqual([201, 201]);
      expect(await stockByLocation(name)).toEqual(
        new Map([
          ['store', 2],
          ['deck', 8],
        ]),
      );
    });

    it('never goes negative under 20 concurrent transfers of the last units', async () => {
      const name = uniqueName('Oil');
      const productId = await seedProduct(t, 'godown', { name, quantity: 5, location: 'Store' });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          move({
            productId,
            transferQuantity: 1,
            origin: 'Store',
            destination: index % 2 === 0 ? 'Deck' : 'Yard',
            reason: '',
          }),
        ),
      );
      const statuses = responses.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(15);
      const stock = await stockByLocation(name);
      expect(stock.get('store')).toBe(0);
      expect((stock.get('deck') ?? 0) + (stock.get('yard') ?? 0)).toBe(5);
      const logs = await t.db
        .selectFrom('movement_logs')
        .select('id')
        .where('productId', '=', productId)
        .execute();
      expect(logs).toHaveLength(5);
    });

    it('keeps every name’s total and never a negative quantity, for any sequence of transfers', async () => {
      const locations = ['Store', 'Deck', 'Yard', 'Shop'];
      const step = fc.record({
        product: fc.nat({ max: 1 }),
        from: fc.nat({ max: 7 }),
        to: fc.constantFrom(...locations),
        upper: fc.boolean(),
        quantity: fc.integer({ min: 1, max: 12 }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          const names = [uniqueName('Cement'), uniqueName('Nails')];
          for (const name of names) {
            await seedProduct(t, 'godown', { name, quantity: 10, location: 'Store' });
            await seedProduct(t, 'godown', { name, quantity: 5, location: 'Yard' });
          }
          for (const { product, from, to, upper, quantity } of steps) {
            const name = names[product] ?? '';
            const rows = await t.db
              .selectFrom('products')
              .select(['id', 'location'])
              .where('name', '=', name)
              .where('deletedAt', 'is', null)
              .orderBy('id')
              .execute();
            const source = rows[from % rows.length];
            if (!source) continue;
            const res = await move({
              productId: source.id,
              transferQuantity: quantity,
              origin: source.location ?? '',
              destination: upper ? to.toUpperCase() : to,
              reason: 'property',
            });
            expect([201, 400, 409], res.body).toContain(res.statusCode);
          }
          for (const name of names) {
            const stock = await stockByLocation(name);
            const quantities = [...stock.values()];
            expect(quantities.every((quantity) => quantity >= 0)).toBe(true);
            expect(quantities.reduce((sum, quantity) => sum + quantity, 0)).toBe(15);
          }
        }),
        { numRuns: 15 },
      );
    });

    it('is for admins only', async () => {
      const productId = await seedProduct(t, 'godown', { quantity: 5, location: 'Store' });
      const body = {
        productId,
        transferQuantity: 1,
        origin: 'Store',
        destination: 'Deck',
        reason: '',
      };
      expect((await move(body, { user: godownClerk })).statusCode).toBe(403);
      const anonymous = await request(t, { method: 'POST', url: moveUrl, payload: body });
      expect(anonymous.statusCode).toBe(401);
      const logs = await request(t, { method: 'GET', url: logsUrl, token: godownClerk });
      expect(logs.statusCode).toBe(403);
      expect(await stockOf(t, productId)).toBe(5);
    });
  });

  describe('GET /godown/movement-logs', () => {
    it('lists the logs newest first and pulls only what changed since a cursor', async () => {
      const name = uniqueName('Tea');
      const productId = await seedProduct(t, 'godown', { name, quantity: 10, location: 'Store' });
      const first = await move({
        productId,
        transferQuantity: 1,
        origin: 'Store',
        destination: 'Deck',
        reason: 'first',
      });
      expect(first.statusCode).toBe(201);
      const all = await request(t, { method: 'GET', url: logsUrl, token: admin });
      expect(all.statusCode).toBe(200);
      const list = all.json<MovementLogJson[]>();
      expect(Array.isArray(list)).toBe(true);
      const dates = list.map((log) => log.transferDate);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(list[0]).toEqual(first.json<TransferResult>().log);

      const start = await request(t, {
        method: 'GET',
        url: `${logsUrl}?updatedSince=0&limit=1000`,
        token: admin,
      });
      expect(start.statusCode).toBe(200);
      const page = start.json<Page<MovementLogJson>>();
      expect(page.items.map((log) => log._id)).toContain(first.json<TransferResult>().log._id);
      expect(page.more).toBe(false);

      const unchanged = await request(t, {
        method: 'GET',
        url: `${logsUrl}?updatedSince=${encodeURIComponent(page.cursor)}`,
        token: admin,
        headers: { 'if-none-match': start.headers.etag ?? '' },
      });
      expect(unchanged.statusCode).toBe(304);

      const second = await move({
        productId,
        transferQuantity: 2,
        origin: 'Store',
        destination: 'Yard',
        reason: 'second',
      });
      expect(second.statusCode).toBe(201);
      const next = await request(t, {
        method: 'GET',
        url: `${logsUrl}?updatedSince=${encodeURIComponent(page.cursor)}&limit=1000`,
        token: admin,
      });
      expect(next.statusCode).toBe(200);
      const ids = next.json<Page<MovementLogJson>>().items.map((log) => log._id);
      expect(ids).toContain(second.json<TransferResult>().log._id);
    });

    it('answers 400 for a bad limit', async () => {
      const res = await request(t, { method: 'GET', url: `${logsUrl}?limit=5`, token: admin });
      expect(res.statusCode).toBe(400);
    });
  });
});
