import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { BatchResponse } from '../../domain/batch.ts';
import {
  goodsReceivedMessages,
  receivedReason,
  type DeliveryJson,
  type DeliveryRefusal,
} from '../../domain/goods-received.ts';
import type { ProductJson } from '../../domain/products.ts';
import { supplierMessages, type SupplierJson } from '../../domain/suppliers.ts';
import { seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Goods received (issue 25 item 3, decision 0037) on SQLite and PostgreSQL: suppliers kept by the
 * godown, a delivery that raises stock through the stock module or creates products, all lines or
 * none, a movement and an audit entry per line, the same note never booked twice, exactly once on
 * a replay alone or inside POST /batch, and only for the godown's members.
 */
const today = () => new Date().toISOString().slice(0, 10);

function post(
  t: TestApp,
  user: TestUser,
  path: string,
  body: unknown,
  key?: string,
): Promise<LightMyRequestResponse> {
  return request(t, {
    method: 'POST',
    url: `/api/v1/${path}`,
    token: user,
    headers: key ? { 'idempotency-key': key } : {},
    payload: body as Record<string, unknown>,
  });
}

async function addSupplier(t: TestApp, user: TestUser, name: string): Promise<SupplierJson> {
  const answer = await post(t, user, 'godown/suppliers', { name, phone: '0712 000 000' });
  expect(answer.statusCode).toBe(201);
  return answer.json<SupplierJson>();
}

async function countOf(
  t: TestApp,
  table: 'deliveries' | 'delivery_lines' | 'movement_logs' | 'audit_log' | 'products',
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function newProduct(name: string, quantity: number, location: string) {
  return {
    _id: randomUUID(),
    name,
    description: 'Arrived with a delivery',
    price: 45_000,
    quantity,
    location,
  };
}

describeEachDatabase('goods received', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('books a delivery: stock rises, a new product is created, each line is a movement', async () => {
    t = await buildTestApp(target);
    const keeper = await createUser(t, { role: 'employee', category: 'godown' });
    const supplier = await addSupplier(t, keeper, 'Azam Mills');
    const maize = await seedProduct(t, 'godown', {
      quantity: 10,
      name: 'Maize',
      location: 'Deck A',
    });
    const created = newProduct('Rice 25 kg', 40, 'Store 2');
    const delivery = {
      _id: randomUUID(),
      supplierId: supplier._id,
      noteNumber: 'DN-1001',
      receivedOn: today(),
      lines: [{ productId: maize, quantity: 25, location: 'deck a' }, { newProduct: created }],
    };
    const booked = await post(t, keeper, 'godown/deliveries', delivery);
    expect(booked.statusCode).toBe(201);
    const body = booked.json<DeliveryJson>();
    expect(body).toMatchObject({
      _id: delivery._id,
      grnNumber: 'GRN-000001',
      supplierId: supplier._id,
      supplierName: 'Azam Mills',
      noteNumber: 'DN-1001',
      lineCount: 2,
      totalQuantity: 65,
    });
    expect(body.lines).toEqual([
      {
        position: 0,
        productId: maize,
        productName: 'Maize',
        location: 'Deck A',
        quantity: 25,
        createdProduct: false,
      },
      {
        position: 1,
        productId: created._id,
        productName: 'Rice 25 kg',
        location: 'Store 2',
        quantity: 40,
        createdProduct: true,
      },
    ]);
    expect(await stockOf(t, maize)).toBe(35);
    const rice = await request(t, {
      method: 'GET',
      url: `/api/v1/godown/products/${created._id}`,
      token: keeper,
    });
    expect(rice.json<ProductJson>()).toMatchObject({ quantity: 40, location: 'Store 2' });

    // Each line is a movement from the supplier to its location, reason 'received'.
    const movements = await t.db
      .selectFrom('movement_logs')
      .selectAll()
      .orderBy('destination')
      .execute();
    expect(
      movements.map((log) => [log.productId, log.origin, log.destination, log.reason]),
    ).toEqual([
      [maize, 'Azam Mills', 'Deck A', receivedReason],
      [created._id, 'Azam Mills', 'Store 2', receivedReason],
    ]);
    // And in the audit: the supplier, the raised product, the created product, the delivery.
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['entity', 'action', 'entityId'])
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { entity: 'supplier', action: 'create', entityId: supplier._id },
        { entity: 'product', action: 'update', entityId: maize },
        { entity: 'product', action: 'create', entityId: created._id },
        { entity: 'delivery', action: 'create', entityId: delivery._id },
      ]),
    );

    // Readable by id and in the mirrored list; the next note gets GRN-000002.
    const one = await request(t, {
      method: 'GET',
      url: `/api/v1/godown/deliveries/${delivery._id}`,
      token: keeper,
    });
    expect(one.json<DeliveryJson>()).toEqual(body);
    const changes = await request(t, {
      method: 'GET',
      url: '/api/v1/godown/deliveries?updatedSince=1970-01-01T00:00:00.000Z&limit=100',
      token: keeper,
    });
    expect(changes.statusCode).toBe(200);
    expect(JSON.stringify(changes.json())).toContain(delivery._id);
    const second = await post(t, keeper, 'godown/deliveries', {
      _id: randomUUID(),
      supplierId: supplier._id,
      noteNumber: 'DN-1002',
      receivedOn: today(),
      lines: [{ productId: maize, quantity: 5, location: 'Deck A' }],
    });
    expect(second.json<DeliveryJson>().grnNumber).toBe('GRN-000002');
    expect(await stockOf(t, maize)).toBe(40);
  });

  it('refuses the whole delivery when one line cannot be booked, naming the line', async () => {
    t = await buildTestApp(target);
    const keeper = await createUser(t, { role: 'employee', category: 'godown' });
    const supplier = await addSupplier(t, keeper, 'Bakhresa');
    const maize = await seedProduct(t, 'godown', {
      quantity: 10,
      name: 'Maize',
      location: 'Deck A',
    });
    const beans = await seedProduct(t, 'godown', {
      quantity: 7,
      name: 'Beans',
      location: 'Deck B',
    });
    const before = {
      deliveries: await countOf(t, 'deliveries'),
      movements: await countOf(t, 'movement_logs'),
      audit: await countOf(t, 'audit_log'),
      products: await countOf(t, 'products'),
    };
    const send = (lines: unknown[]) =>
      post(t as TestApp, keeper, 'godown/deliveries', {
        _id: randomUUID(),
        supplierId: supplier._id,
        noteNumber: `DN-${randomUUID().slice(0, 6)}`,
        receivedOn: today(),
        lines,
      });

    // Beans are kept at Deck B, not Deck C: the first line's stock must not rise either.
    const elsewhere = await send([
      { productId: maize, quantity: 5, location: 'Deck A' },
      { newProduct: newProduct('Sugar', 3, 'Store 9') },
      { productId: beans, quantity: 5, location: 'Deck C' },
    ]);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      message: goodsReceivedMessages.lineWrongLocation,
      line: { index: 2, productId: beans, productName: 'Beans', location: 'Deck B' },
    } satisfies { message: string } & DeliveryRefusal);

    const missing = randomUUID();
    const gone = await send([
      { productId: maize, quantity: 5, location: 'Deck A' },
      { productId: missing, quantity: 1, location: 'Deck A' },
    ]);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      message: goodsReceivedMessages.lineProductNotFound,
      line: { index: 1, productId: missing, productName: null, location: null },
    });

    // A "new" product whose name is already kept at that place is added to, not duplicated.
    const twin = await send([{ newProduct: newProduct('maize', 4, 'deck a') }]);
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({
      message: goodsReceivedMessages.lineAlreadyAtLocation,
      line: { index: 0, productId: maize },
    });

    const unknownSupplier = await post(t, keeper, 'godown/deliveries', {
      _id: randomUUID(),
      supplierId: randomUUID(),
      noteNumber: 'DN-9',
      receivedOn: today(),
      lines: [{ productId: maize, quantity: 1, location: 'Deck A' }],
    });
    expect(unknownSupplier.statusCode).toBe(404);
    expect(unknownSupplier.json()).toMatchObject({
      message: goodsReceivedMessages.supplierNotFound,
    });

    // Nothing was written by any of them.
    expect(await stockOf(t, maize)).toBe(10);
    expect(await stockOf(t, beans)).toBe(7);
    expect(await countOf(t, 'deliveries')).toBe(before.deliveries);
    expect(await countOf(t, 'movement_logs')).toBe(before.movements);
    expect(await countOf(t, 'audit_log')).toBe(before.audit);
    expect(await countOf(t, 'products')).toBe(before.products);
  });

  it('books the same supplier note once, alone, replayed, in a batch or from two tablets at once', async () => {
    t = await buildTestApp(target);
    const keeper = await createUser(t, { role: 'employee', category: 'godown' });
    const supplier = await addSupplier(t, keeper, 'Mohammed Enterprises');
    const maize = await seedProduct(t, 'godown', {
      quantity: 0,
      name: 'Maize',
      location: 'Deck A',
    });
    const delivery = (noteNumber: string) => ({
      _id: randomUUID(),
      supplierId: supplier._id,
      noteNumber,
      receivedOn: today(),
      lines: [{ productId: maize, quantity: 10, location: 'Deck A' }],
    });

    const first = delivery('DN-7');
    const key = randomUUID();
    const booked = await post(t, keeper, 'godown/deliveries', first, key);
    const replay = await post(t, keeper, 'godown/deliveries', first, key);
    expect(booked.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(booked.body);
    expect(await stockOf(t, maize)).toBe(10);

    // The same note under another id (another tablet booked it too), whatever its case.
    const twice = await post(t, keeper, 'godown/deliveries', delivery(' dn-7 '));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: goodsReceivedMessages.duplicateDelivery });

    // Through POST /batch, the answer lost on the way back and the batch sent again.
    const batched = delivery('DN-8');
    const batchKey = randomUUID();
    const sendBatch = () =>
      request(t as TestApp, {
        method: 'POST',
        url: '/api/v1/batch',
        token: keeper,
        payload: {
          requests: [
            {
              id: 'delivery',
              method: 'POST',
              url: '/godown/deliveries',
              headers: { 'idempotency-key': batchKey },
              body: batched,
            },
          ],
        },
      });
    const once = (await sendBatch()).json<BatchResponse>().responses[0];
    const again = (await sendBatch()).json<BatchResponse>().responses[0];
    expect(once?.status).toBe(201);
    expect(again?.body).toEqual(once?.body);
    expect(await stockOf(t, maize)).toBe(20);

    // Two tablets book one note at the same moment under different ids: exactly one wins.
    const racing = await Promise.all(
      [delivery('DN-9'), delivery('DN-9'), delivery('DN-9')].map((each) =>
        post(t as TestApp, keeper, 'godown/deliveries', each),
      ),
    );
    expect(racing.map((each) => each.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await stockOf(t, maize)).toBe(30);
    expect(await countOf(t, 'deliveries')).toBe(3);
  });

  it('keeps one supplier per name, whatever its case, and edits it', async () => {
    t = await buildTestApp(target);
    const keeper = await createUser(t, { role: 'employee', category: 'godown' });
    const azam = await addSupplier(t, keeper, 'Azam Mills');
    const twin = await post(t, keeper, 'godown/suppliers', { name: '  azam MILLS ' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({
      message: supplierMessages.duplicateName,
      supplierId: azam._id,
    });
    const other = await addSupplier(t, keeper, 'Bakhresa');
    const renamed = await request(t, {
      method: 'PUT',
      url: `/api/v1/godown/suppliers/${other._id}`,
      token: keeper,
      payload: { name: 'Bakhresa Group', phone: '', notes: 'Delivers on Mondays' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<SupplierJson>()).toMatchObject({
      name: 'Bakhresa Group',
      phone: null,
      notes: 'Delivers on Mondays',
    });
    const clash = await request(t, {
      method: 'PUT',
      url: `/api/v1/godown/suppliers/${other._id}`,
      token: keeper,
      payload: { name: 'AZAM mills' },
    });
    expect(clash.statusCode).toBe(409);
    const list = await request(t, {
      method: 'GET',
      url: '/api/v1/godown/suppliers',
      token: keeper,
    });
    expect(list.json<SupplierJson[]>().map((each) => each.name)).toEqual([
      'Azam Mills',
      'Bakhresa Group',
    ]);
  });

  it("refuses another department's member and bad input with a clear message", async () => {
    t = await buildTestApp(target);
    const keeper = await createUser(t, { role: 'employee', category: 'godown' });
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const supplier = await addSupplier(t, keeper, 'Azam Mills');
    const maize = await seedProduct(t, 'godown', {
      quantity: 1,
      name: 'Maize',
      location: 'Deck A',
    });
    const valid = {
      _id: randomUUID(),
      supplierId: supplier._id,
      noteNumber: 'DN-1',
      receivedOn: today(),
      lines: [{ productId: maize, quantity: 1, location: 'Deck A' }],
    };
    expect((await post(t, clerk, 'godown/deliveries', valid)).statusCode).toBe(403);
    expect((await post(t, clerk, 'godown/suppliers', { name: 'X' })).statusCode).toBe(403);
    // No department but the godown books deliveries.
    expect((await post(t, clerk, 'hardware/deliveries', valid)).statusCode).toBe(404);

    const bad = async (body: unknown, message: string) => {
      const answer = await post(t as TestApp, keeper, 'godown/deliveries', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe(message);
    };
    await bad({ ...valid, lines: [] }, goodsReceivedMessages.linesRequired);
    await bad({ ...valid, noteNumber: ' ' }, goodsReceivedMessages.noteRequired);
    await bad({ ...valid, receivedOn: '2999-01-01' }, goodsReceivedMessages.dateInFuture);
    await bad({ ...valid, receivedOn: 'yesterday' }, goodsReceivedMessages.dateRequired);
    await bad(
      { ...valid, lines: [valid.lines[0], valid.lines[0]] },
      goodsReceivedMessages.duplicateProduct,
    );
    await bad({ ...valid, supplierId: '' }, goodsReceivedMessages.selectSupplier);
    expect(await stockOf(t, maize)).toBe(1);
  });
});
