import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdRangeMessages } from '../../domain/created-range.ts';
import type { OrderJson } from '../../domain/orders.ts';
import { placeOrder, seedProduct } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

interface Page {
  items: OrderJson[];
  deleted: string[];
  cursor: string;
  more: boolean;
  remaining?: number;
}

/**
 * The orders list's change pages read in a creation range (decision 0035): what a tablet's
 * retention window and the Orders page's older periods ask for.
 */
describeEachDatabase('orders list in a creation range', (target) => {
  let t: TestApp;
  let clerk: TestUser;
  /** Order ids by the day they are dated (createdAt moved back after placing them). */
  const byDay = new Map<string, string[]>();
  const days = ['2026-06-15', '2026-08-20', '2026-09-01', '2026-10-05', '2026-11-27'];

  beforeAll(async () => {
    t = await buildTestApp(target);
    clerk = await createUser(t, { role: 'employee', category: 'stationery' });
    const productId = await seedProduct(t, 'stationery', { quantity: 100 });
    for (const day of days) {
      const ids: string[] = [];
      for (let index = 0; index < 2; index += 1) {
        const res = await placeOrder(
          t,
          clerk,
          { productId, quantity: 1 },
          {
            department: 'stationery',
          },
        );
        expect(res.statusCode).toBe(201);
        const id = res.json<OrderJson>()._id;
        // Placed now, dated back: the range reads createdAt, the pull's cursor updatedAt.
        await t.db
          .updateTable('orders')
          .set({ createdAt: `${day}T0${index}:00:00.000Z` })
          .where('id', '=', id)
          .execute();
        ids.push(id);
      }
      byDay.set(day, ids);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  function pull(query: string, etag?: string) {
    return request(t, {
      method: 'GET',
      url: `/api/v1/stationery/orders?${query}`,
      token: clerk,
      headers: etag ? { 'if-none-match': etag } : {},
    });
  }

  function idsOf(...wanted: string[]): string[] {
    return wanted.flatMap((day) => byDay.get(day) ?? []).sort();
  }

  it('returns only the orders created at or after createdSince (a whole day or an instant)', async () => {
    for (const since of ['2026-09-01', '2026-09-01T00:00:00.000Z', '2026-09-01T00:00:00Z']) {
      const res = await pull(`updatedSince=0&createdSince=${since}`);
      expect(res.statusCode).toBe(200);
      const page = res.json<Page>();
      expect(page.items.map((order) => order._id).sort()).toEqual(
        idsOf('2026-09-01', '2026-10-05', '2026-11-27'),
      );
    }
  });

  it('reads a period [createdSince, createdBefore) page by page, counting only that period', async () => {
    const seen: string[] = [];
    const remaining: (number | undefined)[] = [];
    let cursor = '0';
    for (let step = 0; step < 10; step += 1) {
      const res = await pull(
        `updatedSince=${encodeURIComponent(cursor)}&limit=1&createdSince=2026-08-01&createdBefore=2026-09-02`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json<Page>();
      seen.push(...page.items.map((order) => order._id));
      remaining.push(page.remaining);
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect(seen.sort()).toEqual(idsOf('2026-08-20', '2026-09-01'));
    expect(remaining).toEqual([3, 2, 1, undefined]);
  });

  it('leaves out the tombstones of orders outside the range', async () => {
    const [oldId] = byDay.get('2026-06-15') ?? [];
    await t.db
      .updateTable('orders')
      .set({ deletedAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .where('id', '=', oldId ?? '')
      .execute();
    const windowed = (await pull('updatedSince=0&createdSince=2026-09-01')).json<Page>();
    expect(windowed.deleted).not.toContain(oldId);
    const everything = (await pull('updatedSince=0')).json<Page>();
    expect(everything.deleted).toContain(oldId);
  });

  it('answers 304 only to the same range: the ETag names it', async () => {
    const query = 'updatedSince=0&createdSince=2026-10-01';
    const first = await pull(query);
    const etag = String(first.headers.etag);
    const { cursor } = first.json<Page>();
    const next = `updatedSince=${encodeURIComponent(cursor)}`;
    expect((await pull(`${next}&createdSince=2026-10-01`, etag)).statusCode).toBe(304);
    // A wider window, or no window, from the same cursor is another answer.
    expect((await pull(`${next}&createdSince=2026-05-01`, etag)).statusCode).toBe(200);
    expect((await pull(next, etag)).statusCode).toBe(200);
  });

  describe('refuses a bad range with 400 and says why', () => {
    it.each([
      ['createdSince=yesterday', createdRangeMessages.invalidSince],
      ['createdSince=2026-02-30', createdRangeMessages.invalidSince],
      ['createdSince=2026-09-01T00:00:00', createdRangeMessages.invalidSince],
      ['createdSince=1790000000000', createdRangeMessages.invalidSince],
      ['createdSince=', createdRangeMessages.invalidSince],
      ['createdSince=2026-09-01&createdSince=2026-10-01', createdRangeMessages.invalidSince],
      ['createdBefore=Sept', createdRangeMessages.invalidBefore],
      ['createdSince=2026-09-01&createdBefore=2026-09-01', createdRangeMessages.emptyRange],
      ['createdSince=2026-09-02&createdBefore=2026-09-01', createdRangeMessages.emptyRange],
    ])('updatedSince=0&%s', async (query, message) => {
      const res = await pull(`updatedSince=0&${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('on the plain GET, which is always the whole list', async () => {
      const res = await pull('createdSince=2026-09-01');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: createdRangeMessages.withoutCursor });
    });
  });
});
