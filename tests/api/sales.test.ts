import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { BatchResponse } from '../../domain/batch.ts';
import type { OrderJson } from '../../domain/orders.ts';
import { saleMessages, type SaleJson, type SaleRefusal } from '../../domain/sales.ts';
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
 * Sales of several items (issue 25 item 1, decision 0036) on SQLite and PostgreSQL: all lines or
 * none, never oversold under concurrent sales, each line an order with the department's order
 * number and the sale's id, exactly once on a replay alone or inside POST /batch.
 */
function line(productId: string, quantity: number) {
  return { _id: randomUUID(), productId, quantity };
}

function postSale(
  t: TestApp,
  user: TestUser,
  body: unknown,
  options: { key?: string; department?: string } = {},
): Promise<LightMyRequestResponse> {
  return request(t, {
    method: 'POST',
    url: `/api/v1/${options.department ?? 'hardware'}/sales`,
    token: user,
    headers: options.key ? { 'idempotency-key': options.key } : {},
    payload: body as Record<string, unknown>,
  });
}

async function ordersOfSale(t: TestApp, saleId: string): Promise<number> {
  const row = await t.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('saleId', '=', saleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function countOf(t: TestApp, table: 'sales' | 'orders' | 'audit_log'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('sales', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('applies every line as an order of the sale, with the department numbers', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const hammer = await seedProduct(t, 'hardware', { quantity: 10, price: 5_000, name: 'Hammer' });
    const nails = await seedProduct(t, 'hardware', { quantity: 100, price: 200, name: 'Nails' });
    const sale = { _id: randomUUID(), lines: [line(hammer, 2), line(nails, 30)] };
    const placed = await postSale(t, clerk, sale);
    expect(placed.statusCode).toBe(201);
    const body = placed.json<SaleJson>();
    expect(body).toMatchObject({
      _id: sale._id,
      saleNumber: 'SALE-HW-000001',
      total: 2 * 5_000 + 30 * 200,
      lineCount: 2,
    });
    expect(body.lines.map((each) => [each._id, each.productName, each.total])).toEqual([
      [sale.lines[0]?._id, 'Hammer', 10_000],
      [sale.lines[1]?._id, 'Nails', 6_000],
    ]);
    expect(body.lines.map((each) => each.orderId)).toEqual(['ORD-HW-000001', 'ORD-HW-000002']);
    expect(await stockOf(t, hammer)).toBe(8);
    expect(await stockOf(t, nails)).toBe(70);

    // The lines are orders: the order list shows them with the sale's id and number.
    const orders = await request(t, {
      method: 'GET',
      url: '/api/v1/hardware/orders',
      token: clerk,
    });
    const listed = orders.json<OrderJson[]>();
    expect(listed).toHaveLength(2);
    for (const order of listed) {
      expect(order).toMatchObject({ saleId: sale._id, saleNumber: 'SALE-HW-000001' });
    }
    // A single order has neither.
    const single = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/orders',
      token: clerk,
      payload: { productId: hammer, quantity: 1 },
    });
    expect(single.json<OrderJson>()).toMatchObject({ saleId: null, saleNumber: null });

    // The sale is in the department's mirrored list and readable by id; the next is number 2.
    const list = await request(t, { method: 'GET', url: '/api/v1/hardware/sales', token: clerk });
    expect(list.json<SaleJson[]>().map((each) => each._id)).toEqual([sale._id]);
    const one = await request(t, {
      method: 'GET',
      url: `/api/v1/hardware/sales/${sale._id}`,
      token: clerk,
    });
    expect(one.json<SaleJson>()).toEqual(body);
    const second = await postSale(t, clerk, { _id: randomUUID(), lines: [line(nails, 1)] });
    expect(second.json<SaleJson>().saleNumber).toBe('SALE-HW-000002');
  });

  it('sells the last units to exactly as many concurrent sales as there is stock for', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const scarce = await seedProduct(t, 'hardware', { quantity: 4 });
    const plenty = await seedProduct(t, 'hardware', { quantity: 1_000 });
    const app = t;
    // Half the sales list the scarce product first, half last: the lock order must not matter.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => {
        const lines = [line(scarce, 1), line(plenty, 1)];
        return postSale(
          app,
          clerk,
          { _id: randomUUID(), lines: n % 2 === 0 ? lines : lines.reverse() },
          { key: randomUUID() },
        );
      }),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      const refused = answer.json<SaleRefusal & { message: string }>();
      expect(refused.message).toBe(saleMessages.lineExceedsStock);
      expect(refused.line).toMatchObject({ productId: scarce, available: 0 });
    }
    expect(await stockOf(t, scarce)).toBe(0);
    expect(await stockOf(t, plenty)).toBe(996);
    expect(await countOf(t, 'sales')).toBe(4);
    expect(await countOf(t, 'orders')).toBe(8);
    const numbers = answers
      .filter((each) => each.statusCode === 201)
      .map((each) => each.json<SaleJson>().saleNumber);
    expect(new Set(numbers).size).toBe(4);
  });

  it('refuses the whole sale when one line cannot be served, naming the line', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const first = await seedProduct(t, 'hardware', { quantity: 10 });
    const short = await seedProduct(t, 'hardware', { quantity: 3, name: 'Cement' });
    const auditBefore = await countOf(t, 'audit_log');
    const refused = await postSale(t, clerk, {
      _id: randomUUID(),
      lines: [line(first, 5), line(short, 4)],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: saleMessages.lineExceedsStock,
      line: { index: 1, productId: short, productName: 'Cement', available: 3 },
    });
    const missing = randomUUID();
    const gone = await postSale(t, clerk, {
      _id: randomUUID(),
      lines: [line(first, 1), line(missing, 1)],
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      message: saleMessages.lineProductNotFound,
      line: { index: 1, productId: missing, productName: null, available: null },
    });
    // Nothing written: not the first line's stock, no order, no sale, no audit entry.
    expect(await stockOf(t, first)).toBe(10);
    expect(await stockOf(t, short)).toBe(3);
    expect(await countOf(t, 'orders')).toBe(0);
    expect(await countOf(t, 'sales')).toBe(0);
    expect(await countOf(t, 'audit_log')).toBe(auditBefore);
  });

  it('answers a replayed key with the same answer and applies the sale once, alone or in a batch', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const other = await seedProduct(t, 'hardware', { quantity: 10 });
    const sale = { _id: randomUUID(), lines: [line(productId, 2), line(other, 1)] };
    const key = randomUUID();
    const first = await postSale(t, clerk, sale, { key });
    const replay = await postSale(t, clerk, sale, { key });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await stockOf(t, productId)).toBe(8);
    expect(await ordersOfSale(t, sale._id)).toBe(2);

    // The same through POST /batch, sent twice (an answer lost on the way back).
    const batched = { _id: randomUUID(), lines: [line(productId, 1), line(other, 1)] };
    const batchKey = randomUUID();
    const sendBatch = () =>
      request(t as TestApp, {
        method: 'POST',
        url: '/api/v1/batch',
        token: clerk,
        payload: {
          requests: [
            {
              id: 'sale',
              method: 'POST',
              url: '/hardware/sales',
              headers: { 'idempotency-key': batchKey },
              body: batched,
            },
          ],
        },
      });
    const once = (await sendBatch()).json<BatchResponse>().responses[0];
    const twice = (await sendBatch()).json<BatchResponse>().responses[0];
    expect(once?.status).toBe(201);
    expect(twice?.status).toBe(201);
    expect(twice?.body).toEqual(once?.body);
    expect(await stockOf(t, productId)).toBe(7);
    expect(await ordersOfSale(t, batched._id)).toBe(2);

    // Without a key, the same sale id again is refused and takes nothing.
    const again = await postSale(t, clerk, { _id: sale._id, lines: [line(productId, 1)] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: saleMessages.saleIdTaken });
    expect(await stockOf(t, productId)).toBe(7);
  });

  it("refuses another department's member and bad input", async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const stranger = await createUser(t, { role: 'employee', category: 'stationery' });
    const admin = await createUser(t, { role: 'admin', category: 'godown' });
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const sale = () => ({ _id: randomUUID(), lines: [line(productId, 1)] });
    expect((await postSale(t, stranger, sale())).statusCode).toBe(403);
    expect((await postSale(t, admin, sale())).statusCode).toBe(201);
    const bad = [
      {},
      { _id: 'not-a-uuid', lines: [line(productId, 1)] },
      { _id: randomUUID(), lines: [] },
      { _id: randomUUID(), lines: [line(productId, 0)] },
      { _id: randomUUID(), lines: [line(productId, 1), line(productId, 2)] },
      { _id: randomUUID(), lines: 'everything' },
      { _id: randomUUID(), lines: Array.from({ length: 51 }, () => line(randomUUID(), 1)) },
    ];
    for (const body of bad) {
      const answer = await postSale(t, clerk, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await stockOf(t, productId)).toBe(9);
  });
  it('serves a tablet only the sales of the window it keeps, and refuses a bad window', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const cement = await seedProduct(t, 'hardware', { quantity: 10, price: 9_000, name: 'Cement' });
    const old = { _id: randomUUID(), lines: [line(cement, 1)] };
    const recent = { _id: randomUUID(), lines: [line(cement, 2)] };
    expect((await postSale(t, clerk, old)).statusCode).toBe(201);
    expect((await postSale(t, clerk, recent)).statusCode).toBe(201);
    // The first sale was made long ago (its orders too, as a tablet's window reads both).
    await t.db
      .updateTable('sales')
      .set({ createdAt: '2025-01-10T08:00:00.000Z' })
      .where('id', '=', old._id)
      .execute();
    const pull = (query: string) =>
      request(t as TestApp, {
        method: 'GET',
        url: `/api/v1/hardware/sales?${query}`,
        token: clerk,
      });
    const windowed = await pull('updatedSince=0&createdSince=2025-06-01');
    expect(windowed.statusCode).toBe(200);
    const ids = windowed.json<{ items: SaleJson[] }>().items.map((sale) => sale._id);
    expect(ids).toEqual([recent._id]);
    const everything = await pull('updatedSince=0');
    expect(
      everything
        .json<{ items: SaleJson[] }>()
        .items.map((sale) => sale._id)
        .sort(),
    ).toEqual([old._id, recent._id].sort());
    for (const bad of ['updatedSince=0&createdSince=yesterday', 'createdSince=2025-06-01']) {
      expect((await pull(bad)).statusCode, bad).toBe(400);
    }
  });

  // Decision 0036: an order of a sale edited or deleted afterwards changes the sale too, in the
  // same transaction, and moves its updatedAt so the tablets' pull of the sales list carries it.
  it("follows an edited line's quantity in the sale's total, by id and on the change page", async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const manager = await createUser(t, { role: 'manager', category: 'hardware' });
    const hammer = await seedProduct(t, 'hardware', { quantity: 10, price: 5_000, name: 'Hammer' });
    const nails = await seedProduct(t, 'hardware', { quantity: 100, price: 200, name: 'Nails' });
    const sale = { _id: randomUUID(), lines: [line(hammer, 2), line(nails, 30)] };
    expect((await postSale(t, clerk, sale)).statusCode).toBe(201);
    // Stamped long before the tablet's cursor, past its overlap window: only a moved updatedAt
    // brings the sale back on the next change page.
    await t.db
      .updateTable('sales')
      .set({ updatedAt: '2025-01-10T08:00:00.000Z' })
      .where('id', '=', sale._id)
      .execute();
    const pull = (cursor: string, headers: Record<string, string> = {}) =>
      request(t as TestApp, {
        method: 'GET',
        url: `/api/v1/hardware/sales?updatedSince=${encodeURIComponent(cursor)}`,
        token: clerk,
        headers,
      });
    const first = await pull('0');
    const { cursor } = first.json<{ cursor: string }>();
    const quiet = await pull(cursor);
    expect(quiet.json<{ items: SaleJson[] }>().items).toEqual([]);
    const etag = String(quiet.headers.etag);

    const edit = await request(t, {
      method: 'PUT',
      url: `/api/v1/hardware/orders/${sale.lines[0]?._id}`,
      token: manager,
      payload: { quantity: 3 },
    });
    expect(edit.statusCode).toBe(200);
    const expected = { total: 3 * 5_000 + 30 * 200, lineCount: 2 };
    const one = await request(t, {
      method: 'GET',
      url: `/api/v1/hardware/sales/${sale._id}`,
      token: clerk,
    });
    expect(one.json<SaleJson>()).toMatchObject(expected);
    expect(one.json<SaleJson>().lines.map((each) => [each.quantity, each.total])).toEqual([
      [3, 15_000],
      [30, 6_000],
    ]);
    expect(one.json<SaleJson>().updatedAt).toBe(edit.json<{ order: OrderJson }>().order.updatedAt);
    const next = await pull(cursor, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    const items = next.json<{ items: SaleJson[] }>().items;
    expect(items.map((each) => [each._id, each.total, each.lineCount])).toEqual([
      [sale._id, expected.total, expected.lineCount],
    ]);
  });

  it('lowers the line count and total when a line is deleted, down to an empty sale', async () => {
    t = await buildTestApp(target);
    const clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const admin = await createUser(t, { role: 'admin', category: 'hardware' });
    const hammer = await seedProduct(t, 'hardware', { quantity: 10, price: 5_000, name: 'Hammer' });
    const nails = await seedProduct(t, 'hardware', { quantity: 100, price: 200, name: 'Nails' });
    const other = { _id: randomUUID(), lines: [line(nails, 1)] };
    const sale = { _id: randomUUID(), lines: [line(hammer, 2), line(nails, 30)] };
    expect((await postSale(t, clerk, other)).statusCode).toBe(201);
    expect((await postSale(t, clerk, sale)).statusCode).toBe(201);
    const remove = (orderId: string | undefined) =>
      request(t as TestApp, {
        method: 'DELETE',
        url: `/api/v1/hardware/orders/${orderId}`,
        token: admin,
      });
    const read = async () =>
      (
        await request(t as TestApp, {
          method: 'GET',
          url: `/api/v1/hardware/sales/${sale._id}`,
          token: clerk,
        })
      ).json<SaleJson>();

    expect((await remove(sale.lines[0]?._id)).statusCode).toBe(200);
    const after = await read();
    expect(after).toMatchObject({ total: 30 * 200, lineCount: 1 });
    expect(after.lines.map((each) => each._id)).toEqual([sale.lines[1]?._id]);
    expect(await stockOf(t, hammer)).toBe(10);

    expect((await remove(sale.lines[1]?._id)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ total: 0, lineCount: 0, lines: [] });
    // Another sale of the same product is untouched.
    const untouched = await request(t, {
      method: 'GET',
      url: `/api/v1/hardware/sales/${other._id}`,
      token: clerk,
    });
    expect(untouched.json<SaleJson>()).toMatchObject({ total: 200, lineCount: 1 });
  });
});
