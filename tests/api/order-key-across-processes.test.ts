import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProductDepartmentId } from '../../domain/departments.ts';
import type { OrderJson } from '../../domain/orders.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  startSecondProcess,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * An order's Idempotency-Key when the same request reaches two API processes at once (a tablet
 * retrying through the load balancer while its first attempt is still running elsewhere). Within
 * one process the in-flight guard answers a twin 409; across processes only the database can
 * decide. On PostgreSQL an order is one statement that inserts the key's record itself (decision
 * 0044), so these also check that a repeat which did not stop at a claim still takes nothing: one
 * order, the stock taken once, the stored answer for every later repeat. The godown runs the same
 * statement inside a transaction (its condition), so it is checked too. The refused order runs
 * on both databases.
 */
describeEachDatabase('an order key sent to two API processes at once', (target) => {
  let t: TestApp;
  // The second process: PostgreSQL only. SQLite runs as one API process (its only deployment,
  // decision 0010): twins never come from two processes there, and one process's twins are
  // catalog-orders.test.ts's.
  let second: Awaited<ReturnType<typeof startSecondProcess>> | undefined;
  const clerks = {} as Record<'hardware' | 'godown', TestUser>;

  beforeAll(async () => {
    t = await buildTestApp(target);
    clerks.hardware = await createUser(t, { role: 'employee', category: 'hardware' });
    clerks.godown = await createUser(t, { role: 'employee', category: 'godown' });
    if (target.name !== 'postgres') return;
    second = await startSecondProcess(t);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const cases: { title: string; department: 'hardware' | 'godown'; withId: boolean }[] = [
    { title: 'a tablet order (client id and key)', department: 'hardware', withId: true },
    { title: 'an order with a key only', department: 'hardware', withId: false },
    { title: 'a godown order (key only, condition kept)', department: 'godown', withId: false },
  ];

  const twinCases = target.name === 'postgres' ? cases : [];
  for (const { title, department, withId } of twinCases) {
    it(`${title}: one order and the stock taken once from 20 twins over two processes`, async () => {
      const productId = await seedProduct(t, department as ProductDepartmentId, {
        quantity: 50,
        ...(department === 'godown' ? { location: 'Main Store' } : {}),
      });
      const key = randomUUID();
      const body = { productId, quantity: 2, ...(withId ? { _id: randomUUID() } : {}) };
      const other = second?.app as FastifyInstance;
      const apps = [t.app, other];
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          placeOrder({ app: apps[index % 2] as FastifyInstance }, clerks[department], body, {
            key,
            department,
          }),
        ),
      );
      // Each twin is answered with the one order, or told the key is in flight in its process.
      for (const res of responses) expect([201, 409]).toContain(res.statusCode);
      const placed = responses.filter((res) => res.statusCode === 201);
      expect(placed.length).toBeGreaterThanOrEqual(1);
      expect(new Set(placed.map((res) => res.json<OrderJson>()._id)).size).toBe(1);
      expect(await orderCount(t, productId)).toBe(1);
      expect(await stockOf(t, productId)).toBe(48);
      const order = placed[0]?.json<OrderJson>();
      for (const app of apps) {
        const retry = await placeOrder({ app }, clerks[department], body, { key, department });
        expect(retry.statusCode).toBe(201);
        expect(retry.headers['idempotent-replayed']).toBe('true');
        expect(retry.json()).toEqual(order);
      }
      const changed = await placeOrder(
        { app: other },
        clerks[department],
        { ...body, quantity: 3 },
        { key, department },
      );
      expect(changed.statusCode).toBe(422);
      expect(await stockOf(t, productId)).toBe(48);
    });
  }

  it('a refused order leaves no record: its key places the order once stock has come', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 1 });
    const key = randomUUID();
    const body = { _id: randomUUID(), productId, quantity: 3 };
    const refused = await placeOrder({ app: second?.app ?? t.app }, clerks.hardware, body, { key });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ available: 1 });
    const records = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', key)
      .execute();
    expect(records).toEqual([]);
    await t.db.updateTable('products').set({ quantity: 5 }).where('id', '=', productId).execute();
    const placed = await placeOrder(t, clerks.hardware, body, { key });
    expect(placed.statusCode).toBe(201);
    expect(placed.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(t, productId)).toBe(2);
  });
});
