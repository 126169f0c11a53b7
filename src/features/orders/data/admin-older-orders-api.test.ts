import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { fetchOrdersCreatedIn } from './admin-older-orders-api.ts';

function order(id: string, createdAt: string, quantity = 1) {
  return {
    _id: id,
    orderId: `ORD-HW-${id}`,
    productId: 'p',
    productName: 'Hammer',
    quantity,
    price: 100,
    total: 100 * quantity,
    createdAt,
    updatedAt: createdAt,
  };
}

/** A server answering the orders list's change pages from `pages`, by cursor. */
function serverOf(pages: Record<string, unknown>) {
  const asked: URLSearchParams[] = [];
  const client = ky.create({
    prefix: 'http://api.test/api/v1',
    retry: 0,
    fetch: (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.searchParams);
      const body = pages[url.searchParams.get('updatedSince') ?? ''];
      return Promise.resolve(
        body === undefined
          ? new Response(JSON.stringify({ message: 'Invalid updatedSince cursor' }), {
              status: 400,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(JSON.stringify(body), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
      );
    },
  });
  return { client, asked };
}

const range = { since: '2026-04-30T21:00:00.000Z', before: '2026-05-31T21:00:00.000Z' };

describe('fetchOrdersCreatedIn', () => {
  it('walks every page of the period, newest first, an order edited mid-walk once', async () => {
    const { client, asked } = serverOf({
      '0': {
        items: [order('1', '2026-05-02T08:00:00.000Z'), order('2', '2026-05-20T08:00:00.000Z')],
        deleted: [],
        cursor: 'c1.p.next',
        more: true,
      },
      'c1.p.next': {
        items: [order('1', '2026-05-02T08:00:00.000Z', 3)],
        deleted: [],
        cursor: '2026-11-28T00:00:00.000Z',
        more: false,
      },
    });
    const result = await fetchOrdersCreatedIn('token', 'hardware', range, client);
    expect(result).toMatchObject({ ok: true, value: { complete: true } });
    if (!result.ok) return;
    expect(result.value.orders.map((o) => [o._id, o.quantity])).toEqual([
      ['2', 1],
      ['1', 3],
    ]);
    expect(asked.map((search) => search.get('createdSince'))).toEqual([range.since, range.since]);
    expect(asked.map((search) => search.get('createdBefore'))).toEqual([
      range.before,
      range.before,
    ]);
    expect(asked.map((search) => search.get('limit'))).toEqual(['1000', '1000']);
  });

  it('answers the server’s refusal as a result, not a throw', async () => {
    const { client } = serverOf({});
    expect(await fetchOrdersCreatedIn('token', 'hardware', range, client)).toEqual({
      ok: false,
      reason: 'http',
      status: 400,
      message: 'Invalid updatedSince cursor',
    });
  });
});
