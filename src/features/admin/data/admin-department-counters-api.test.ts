import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { combineCounters, fetchDepartmentCounters } from './admin-department-counters-api.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server answering each path from `answers` (a Response, or a thrown network error). */
function serverOf(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  const client = ky.create({
    prefix: 'http://api.test/api/v1',
    retry: 0,
    fetch: (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname);
      const answer = answers[url.pathname];
      if (!answer) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(answer());
    },
  });
  return { client, asked };
}

describe('fetchDepartmentCounters', () => {
  it("asks the department's three counters and puts them together", async () => {
    const { client, asked } = serverOf({
      '/api/v1/hardware/orders-count': () => json({ totalCount: 3 }),
      '/api/v1/hardware/sales-total': () => json({ totalSales: 4500 }),
      '/api/v1/hardware/products-count': () => json({ totalProducts: 2, totalStockUnits: 17 }),
    });
    const result = await fetchDepartmentCounters('token', 'hardware', client);
    expect(result).toEqual({
      ok: true,
      value: { totalOrders: 3, totalSales: 4500, totalProducts: 2, totalStockUnits: 17 },
    });
    expect([...asked].sort()).toEqual([
      '/api/v1/hardware/orders-count',
      '/api/v1/hardware/products-count',
      '/api/v1/hardware/sales-total',
    ]);
  });

  it("answers the server's refusal when one counter is refused", async () => {
    const { client } = serverOf({
      '/api/v1/godown/orders-count': () => json({ message: 'Access denied' }, 403),
      '/api/v1/godown/sales-total': () => json({ totalSales: 0 }),
      '/api/v1/godown/products-count': () => json({ totalProducts: 0, totalStockUnits: 0 }),
    });
    expect(await fetchDepartmentCounters('token', 'godown', client)).toEqual({
      ok: false,
      reason: 'http',
      status: 403,
      message: 'Access denied',
    });
  });

  it('a wrong body is an invalid answer, not zeros', async () => {
    const { client } = serverOf({
      '/api/v1/hardware/orders-count': () => json({ count: 3 }),
      '/api/v1/hardware/sales-total': () => json({ totalSales: 1 }),
      '/api/v1/hardware/products-count': () => json({ totalProducts: 1, totalStockUnits: 1 }),
    });
    expect(await fetchDepartmentCounters('token', 'hardware', client)).toEqual({
      ok: false,
      reason: 'invalid-response',
    });
  });
});

describe('combineCounters', () => {
  it('speaks of the connection when one counter could not be reached and another was refused', () => {
    const result = combineCounters(
      { ok: false, reason: 'http', status: 500 },
      { ok: false, reason: 'network' },
      { ok: true, value: { totalProducts: 1, totalStockUnits: 1 } },
    );
    expect(result).toEqual({ ok: false, reason: 'network' });
  });
});
