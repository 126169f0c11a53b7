import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderJson } from '../../domain/orders.ts';
import { idempotencyRetentionMs } from '../../server/plugins/idempotency.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  startSecondProcess,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';

describeEachDatabase('catalog idempotency records', (target) => {
  let t: TestApp;
  let employee: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    employee = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  it('purges records older than 30 days and keeps younger ones', async () => {
    const record = (key: string, ageMs: number) => ({
      key,
      userId: employee.id,
      method: 'POST',
      path: '/api/v1/hardware/orders',
      bodyHash: 'x',
      state: 'completed',
      statusCode: 201,
      responseBody: '{}',
      createdAt: new Date(Date.now() - ageMs).toISOString(),
    });
    await t.db
      .insertInto('idempotency_keys')
      .values([
        record('old', idempotencyRetentionMs + 60_000),
        record('young', idempotencyRetentionMs - 60 * 60_000),
      ])
      .execute();
    // The first keyed request of a process purges.
    const productId = await seedProduct(t, 'hardware');
    const res = await placeOrder(t, employee, { productId, quantity: 1 }, { key: randomUUID() });
    expect(res.statusCode).toBe(201);
    const keys = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('userId', '=', employee.id)
      .execute();
    const names = keys.map((row) => row.key);
    expect(names).toContain('young');
    expect(names).not.toContain('old');
    expect(names).toHaveLength(2);
  });

  it('answers 422 when a key is reused on another route', async () => {
    const admin = await createUser(t, { role: 'admin', category: 'hardware' });
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    const key = randomUUID();
    const order = await placeOrder(t, admin, { productId, quantity: 1 }, { key });
    expect(order.statusCode).toBe(201);
    const remove = await request(t, {
      method: 'DELETE',
      url: `/api/v1/hardware/products/${productId}`,
      token: admin,
      headers: { 'idempotency-key': key },
    });
    expect(remove.statusCode).toBe(422);
    const product = await request(t, {
      method: 'GET',
      url: `/api/v1/hardware/products/${productId}`,
      token: admin,
    });
    expect(product.statusCode).toBe(200);
    expect(await orderCount(t, productId)).toBe(1);
  });

  // A second API process on the same PostgreSQL database: only the unique (userId, key) row can
  // stop the duplicate, because the in-process in-flight set is not shared. (SQLite is one
  // process by design: scale-out is PostgreSQL's job.)
  it.runIf(target.name === 'postgres')(
    'applies a key once across two API processes on the same database',
    async () => {
      const second = await startSecondProcess(t);
      const otherApp = second.app;
      try {
        const employee = await createUser(t, { role: 'employee', category: 'hardware' });
        const productId = await seedProduct(t, 'hardware', { quantity: 100 });
        const key = randomUUID();
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            placeOrder(
              index % 2 === 0 ? t : { app: otherApp },
              employee,
              { productId, quantity: 1 },
              { key },
            ),
          ),
        );
        for (const res of responses) expect([201, 409]).toContain(res.statusCode);
        const ids = new Set(
          responses.filter((res) => res.statusCode === 201).map((res) => res.json<OrderJson>()._id),
        );
        expect(ids.size).toBe(1);
        expect(await orderCount(t, productId)).toBe(1);
        expect(await stockOf(t, productId)).toBe(99);
      } finally {
        await second.close();
      }
    },
  );
});
