import { randomUUID } from 'node:crypto';
import { maxCountLines } from '../../domain/stock-counts.ts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MovementLogJson } from '../../domain/transfers.ts';
import {
  stockCountMessages,
  stockCountPlace,
  stockCountReason,
  type StockCountJson,
} from '../../domain/stock-counts.ts';
import { placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

const base = '/api/v1/godown/stock-counts';

describeEachDatabase('stock counts', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let godownClerk: TestUser;
  let hardwareClerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target, { config: { logLevel: 'error' } });
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    godownClerk = await createUser(t, { role: 'employee', category: 'godown' });
    hardwareClerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  function post(
    url: string,
    body: unknown,
    user: TestUser,
    key: string = randomUUID(),
  ): Promise<LightMyRequestResponse> {
    return request(t, {
      method: 'POST',
      url,
      token: user,
      headers: { 'idempotency-key': key },
      payload: body as Record<string, unknown>,
    });
  }

  const place = () => `Deck ${randomUUID().slice(0, 8)}`;

  async function start(location: string, user = godownClerk): Promise<StockCountJson> {
    const response = await post(base, { location }, user);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<StockCountJson>();
  }

  const now = () => new Date().toISOString();

  async function movementsOf(productId: string): Promise<MovementLogJson[]> {
    const response = await request(t, {
      method: 'GET',
      url: '/api/v1/godown/movement-logs',
      token: admin,
    });
    return response.json<MovementLogJson[]>().filter((log) => log.productId === productId);
  }

  it('starts a blind count of every product at the location, and refuses a second open count there', async () => {
    const location = place();
    const first = await seedProduct(t, 'godown', { location, quantity: 12, name: 'Cement' });
    const second = await seedProduct(t, 'godown', {
      location: location.toUpperCase(),
      quantity: 3,
    });
    await seedProduct(t, 'godown', { location: 'Elsewhere', quantity: 5 });

    const count = await start(location.toLowerCase());
    expect(count.status).toBe('open');
    expect(count.lines.map((line) => line.productId).sort()).toEqual([first, second].sort());
    // Blind: nothing in the answer says how many there should be.
    expect(JSON.stringify(count)).not.toContain('stockAtStart');
    expect(count.lines.every((line) => line.expected === null && line.counted === null)).toBe(true);

    const again = await post(base, { location }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: stockCountMessages.alreadyOpen });
  });

  it('refuses a location without products, a blank location and another department’s employee', async () => {
    const empty = await post(base, { location: place() }, godownClerk);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ message: stockCountMessages.noProducts });
    const blank = await post(base, { location: '  ' }, godownClerk);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: stockCountMessages.locationRequired });
    const outsider = await post(base, { location: 'Deck A' }, hardwareClerk);
    expect(outsider.statusCode).toBe(403);
  });

  it('does not count a sale made during the count as a loss, and computes the real losses', async () => {
    const location = place();
    const sold = await seedProduct(t, 'godown', { location, quantity: 20 });
    const short = await seedProduct(t, 'godown', { location, quantity: 8 });
    const count = await start(location);

    // A sale of 5 after the count started, before the shelf was counted.
    const order = await placeOrder(
      t,
      admin,
      { productId: sold, quantity: 5 },
      { department: 'godown' },
    );
    expect(order.statusCode, order.body).toBe(201);
    const countedAt = now();

    const submitted = await post(
      `${base}/${count._id}/submit`,
      {
        lines: [
          { productId: sold, counted: 15, countedAt },
          { productId: short, counted: 6, countedAt },
        ],
      },
      godownClerk,
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json<StockCountJson>();
    expect(result.status).toBe('submitted');
    const line = (id: string) => result.lines.find((candidate) => candidate.productId === id);
    expect(line(sold)).toMatchObject({ counted: 15, expected: 15, variance: 0 });
    expect(line(short)).toMatchObject({ counted: 6, expected: 8, variance: -2 });

    const twice = await post(`${base}/${count._id}/submit`, { lines: [] }, godownClerk);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: stockCountMessages.alreadySubmitted });
  });

  it('does not count stock moved to another location during the count as a loss', async () => {
    const location = place();
    const product = await seedProduct(t, 'godown', { location, quantity: 10, name: 'Nails' });
    const count = await start(location);
    const moved = await post(
      '/api/v1/godown/inventory-movement',
      { productId: product, transferQuantity: 4, origin: location, destination: 'Yard' },
      admin,
    );
    expect(moved.statusCode, moved.body).toBe(201);
    const submitted = await post(
      `${base}/${count._id}/submit`,
      { lines: [{ productId: product, counted: 6, countedAt: now() }] },
      godownClerk,
    );
    expect(submitted.json<StockCountJson>().lines[0]).toMatchObject({ expected: 6, variance: 0 });
  });

  it('snapshot plus recorded changes is the stock, however orders race the start of the count', async () => {
    const location = place();
    const product = await seedProduct(t, 'godown', { location, quantity: 100 });
    const orders = Array.from({ length: 12 }, () =>
      placeOrder(t, admin, { productId: product, quantity: 1 }, { department: 'godown' }),
    );
    const [started] = await Promise.all([post(base, { location }, godownClerk), ...orders]);
    expect(started?.statusCode).toBe(201);
    const countId = started?.json<StockCountJson>()._id ?? '';
    const line = await t.db
      .selectFrom('stock_count_lines')
      .select('stockAtStart')
      .where('countId', '=', countId)
      .executeTakeFirstOrThrow();
    const changes = await t.db
      .selectFrom('stock_count_changes')
      .select('delta')
      .where('countId', '=', countId)
      .execute();
    const recorded = changes.reduce((sum, change) => sum + Number(change.delta), 0);
    expect(Number(line.stockAtStart) + recorded).toBe(await stockOf(t, product));
    expect(await stockOf(t, product)).toBe(88);
  });

  it('counts only the changes made before a line was counted', async () => {
    const location = place();
    const product = await seedProduct(t, 'godown', { location, quantity: 10 });
    const count = await start(location);
    const countedAt = now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Sold after the shelf was counted (the submission arrives later, e.g. from an offline tablet).
    await placeOrder(t, admin, { productId: product, quantity: 4 }, { department: 'godown' });

    const submitted = await post(
      `${base}/${count._id}/submit`,
      { lines: [{ productId: product, counted: 10, countedAt }] },
      godownClerk,
    );
    expect(submitted.json<StockCountJson>().lines[0]).toMatchObject({ expected: 10, variance: 0 });
  });

  it('applies the variances once, in one go: stock, a stock-count movement and the audit trail', async () => {
    const location = place();
    const lost = await seedProduct(t, 'godown', { location, quantity: 9 });
    const found = await seedProduct(t, 'godown', { location, quantity: 4 });
    const exact = await seedProduct(t, 'godown', { location, quantity: 7 });
    const count = await start(location);
    const countedAt = now();
    await post(
      `${base}/${count._id}/submit`,
      {
        lines: [
          { productId: lost, counted: 6, countedAt },
          { productId: found, counted: 5, countedAt },
          { productId: exact, counted: 7, countedAt },
        ],
      },
      godownClerk,
    );
    // Stock moves again between the submission and the review: the adjustment is relative.
    await placeOrder(t, admin, { productId: lost, quantity: 2 }, { department: 'godown' });

    const refused = await post(`${base}/${count._id}/apply`, {}, godownClerk);
    expect(refused.statusCode).toBe(403);

    const key = randomUUID();
    const applied = await post(`${base}/${count._id}/apply`, {}, admin, key);
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json<StockCountJson>();
    expect(result.status).toBe('applied');
    expect(await stockOf(t, lost)).toBe(4);
    expect(await stockOf(t, found)).toBe(5);
    expect(await stockOf(t, exact)).toBe(7);
    expect(result.lines.find((line) => line.productId === lost)?.adjustment).toBe(-3);

    expect(await movementsOf(lost)).toEqual([
      expect.objectContaining({
        origin: location,
        destination: stockCountPlace,
        transferQuantity: 3,
        reason: stockCountReason,
      }),
    ]);
    expect(await movementsOf(found)).toEqual([
      expect.objectContaining({
        origin: stockCountPlace,
        destination: location,
        transferQuantity: 1,
      }),
    ]);
    expect(await movementsOf(exact)).toEqual([]);

    const audit = await request(t, {
      method: 'GET',
      url: `/api/v1/audit?entityId=${lost}`,
      token: admin,
    });
    expect(JSON.stringify(audit.json())).toContain('"quantity"');

    // The same request again replays; a new one is refused and changes nothing.
    const replay = await post(`${base}/${count._id}/apply`, {}, admin, key);
    expect(replay.statusCode).toBe(200);
    const again = await post(`${base}/${count._id}/apply`, {}, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: stockCountMessages.alreadyApplied });
    expect(await stockOf(t, lost)).toBe(4);
  });

  it('never adjusts stock below zero', async () => {
    const location = place();
    const product = await seedProduct(t, 'godown', { location, quantity: 5 });
    const count = await start(location);
    await post(
      `${base}/${count._id}/submit`,
      { lines: [{ productId: product, counted: 1, countedAt: now() }] },
      godownClerk,
    );
    // Sold out after the count: the loss of 4 can only take what is left.
    await placeOrder(t, admin, { productId: product, quantity: 3 }, { department: 'godown' });
    const applied = await post(`${base}/${count._id}/apply`, {}, admin);
    expect(applied.statusCode).toBe(200);
    expect(await stockOf(t, product)).toBe(0);
    expect(applied.json<StockCountJson>().lines[0]?.adjustment).toBe(-2);
  });

  it('cancels a count without touching stock, and frees the location for a new one', async () => {
    const location = place();
    const product = await seedProduct(t, 'godown', { location, quantity: 5 });
    const count = await start(location);
    const cancelled = await post(`${base}/${count._id}/cancel`, {}, admin);
    expect(cancelled.json<StockCountJson>().status).toBe('cancelled');
    const late = await post(
      `${base}/${count._id}/submit`,
      { lines: [{ productId: product, counted: 0, countedAt: now() }] },
      godownClerk,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: stockCountMessages.notOpen });
    expect(await stockOf(t, product)).toBe(5);
    await start(location);
  });

  it('refuses bad submissions with a clear 4xx', async () => {
    const location = place();
    const product = await seedProduct(t, 'godown', { location, quantity: 5 });
    const count = await start(location);
    const url = `${base}/${count._id}/submit`;
    const cases: [unknown, number, string][] = [
      [
        { lines: [{ productId: product, counted: -1, countedAt: now() }] },
        400,
        stockCountMessages.countedInvalid,
      ],
      [
        { lines: [{ productId: product, counted: 1.5, countedAt: now() }] },
        400,
        stockCountMessages.countedInvalid,
      ],
      [
        { lines: [{ productId: product, counted: 1, countedAt: 'yesterday' }] },
        400,
        stockCountMessages.invalidTime,
      ],
      [
        {
          lines: [
            { productId: product, counted: 1, countedAt: now() },
            { productId: product, counted: 2, countedAt: now() },
          ],
        },
        400,
        stockCountMessages.countedTwice,
      ],
      [
        { lines: [{ productId: randomUUID(), counted: 1, countedAt: now() }] },
        400,
        stockCountMessages.notInCount,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(url, body, godownClerk);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ message });
    }
    const unknown = await post(`${base}/${randomUUID()}/submit`, { lines: [] }, godownClerk);
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a count of the largest size through POST /batch, as a tablet sends it', async () => {
    const location = place();
    const stamp = new Date().toISOString();
    const ids = Array.from({ length: maxCountLines }, () => randomUUID());
    for (let from = 0; from < ids.length; from += 500) {
      await t.db
        .insertInto('products')
        .values(
          ids.slice(from, from + 500).map((id, index) => ({
            id,
            department: 'godown',
            name: `Bulk item ${from + index}`,
            description: '',
            price: 100,
            quantity: 3,
            imageId: null,
            location,
            condition: null,
            nutrients: null,
            version: 1,
            deletedAt: null,
            createdAt: stamp,
            updatedAt: stamp,
          })),
        )
        .execute();
    }
    const count = await start(location);
    expect(count.lines).toHaveLength(maxCountLines);
    const body = {
      lines: ids.map((productId) => ({ productId, counted: 2, countedAt: now() })),
    };
    const batch = await request(t, {
      method: 'POST',
      url: '/api/v1/batch',
      token: godownClerk,
      payload: {
        requests: [
          {
            id: 'submit',
            method: 'POST',
            url: `/godown/stock-counts/${count._id}/submit`,
            headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
            body,
          },
        ],
      },
    });
    expect(batch.statusCode, batch.body.slice(0, 300)).toBe(200);
    const [answer] = batch.json<{ responses: { status: number; body: StockCountJson }[] }>()
      .responses;
    expect(answer?.status).toBe(200);
    expect(answer?.body.lines.every((line) => line.variance === -1)).toBe(true);
  });

  it('is a mirrored list: the pull brings a count again when it changes', async () => {
    const location = place();
    await seedProduct(t, 'godown', { location, quantity: 5 });
    const count = await start(location);
    const first = await request(t, {
      method: 'GET',
      url: `${base}?updatedSince=`,
      token: godownClerk,
    });
    expect(first.statusCode).toBe(200);
    const { cursor } = first.json<{ cursor: string }>();
    await post(`${base}/${count._id}/cancel`, {}, admin);
    const next = await request(t, {
      method: 'GET',
      url: `${base}?updatedSince=${encodeURIComponent(cursor)}`,
      token: godownClerk,
    });
    const page = next.json<{ items: StockCountJson[] }>();
    expect(page.items.find((item) => item._id === count._id)?.status).toBe('cancelled');
  });
});
