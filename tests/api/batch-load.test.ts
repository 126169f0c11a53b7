import { afterAll, beforeAll, expect, it } from 'vitest';
import { measureUnderBatchLoad } from '../bench/batch-load.ts';
import { seedProduct } from './catalog-fixtures.ts';
import { buildTestApp, createUser, describeEachDatabase, type TestApp } from './harness.ts';

/**
 * Nobody waits behind a batch (issue 22 item 3). A batch used to hold the database for its whole
 * run: another user's order waited 38 s behind a batch of logins on SQLite, /health took 8.7 s,
 * and on PostgreSQL ten batches took every pooled connection. Now a batch holds no connection
 * between its sub-requests and gives way to other requests every few milliseconds.
 *
 * Ten clients send batches of 100 orders back to back while another user orders and a load
 * balancer calls /health. The limits here are generous (this machine also runs the clients and,
 * in CI, other work); `npm run bench` prints the figures against the goals (order p99 ≤ 200 ms,
 * health p99 ≤ 100 ms).
 */
const limits = { orderP99Ms: 1000, healthP99Ms: 500 };

describeEachDatabase('other users while batches pour in', (target) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp(target);
    base = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
  });
  afterAll(() => t.close());

  it('answers another user’s order and the health check promptly', async () => {
    const batcher = await createUser(t, { role: 'employee', category: 'hardware' });
    const other = await createUser(t, { role: 'employee', category: 'hardware' });
    const figures = await measureUnderBatchLoad({
      base,
      batchToken: batcher.token,
      batchProductId: await seedProduct(t, 'hardware', { quantity: 100_000_000 }),
      orderToken: other.token,
      orderProductId: await seedProduct(t, 'hardware', { quantity: 1000 }),
      orderProbes: 40,
      healthProbes: 80,
    });
    console.log(`[${target.name}] under batch load: ${JSON.stringify(figures)}`);
    expect(figures.orderStatuses).toEqual({ 201: 40 });
    expect(figures.healthStatuses).toEqual({ 200: 80 });
    // The load really ran: batches were applied while the probes measured.
    expect(figures.batches).toBeGreaterThan(0);
    expect(Object.keys(figures.batchSubStatuses)).toEqual(['201']);
    expect(figures.orderP99Ms).toBeLessThanOrEqual(limits.orderP99Ms);
    expect(figures.healthP99Ms).toBeLessThanOrEqual(limits.healthP99Ms);
  });
});
