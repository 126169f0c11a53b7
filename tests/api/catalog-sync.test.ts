import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderJson } from '../../domain/orders.ts';
import type { ProductJson } from '../../domain/products.ts';
import { cursorOverlapMs } from '../../server/modules/lists/sync-cursor.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { placeOrder, seedProduct } from './catalog-fixtures.ts';

interface Page<T> {
  items: T[];
  deleted: string[];
  cursor: string;
}

describeEachDatabase('catalog incremental sync', (target) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
  });
  afterAll(() => t.close());

  it('returns everything for cursor 0 and an empty page shape when nothing exists', async () => {
    const res = await request(t, {
      method: 'GET',
      url: '/api/v1/fresh-oil/products?updatedSince=0',
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<ProductJson>>();
    expect(page.items).toEqual([]);
    expect(page.deleted).toEqual([]);
    expect(typeof page.cursor).toBe('string');
  });

  it('returns changed rows and tombstones since a cursor', async () => {
    const keep = await seedProduct(t, 'stationery', { quantity: 5 });
    const gone = await seedProduct(t, 'stationery', { quantity: 5 });
    const first = (
      await request(t, {
        method: 'GET',
        url: '/api/v1/stationery/products?updatedSince=0',
        token: admin,
      })
    ).json<Page<ProductJson>>();
    expect(first.items.map((item) => item._id).sort()).toEqual([keep, gone].sort());

    // Rows stamped before the cursor are not repeated (backdate them past the overlap window).
    const old = new Date(Date.now() - 10 * cursorOverlapMs).toISOString();
    await t.db
      .updateTable('products')
      .set({ updatedAt: old })
      .where('department', '=', 'stationery')
      .execute();
    const quiet = (
      await request(t, {
        method: 'GET',
        url: `/api/v1/stationery/products?updatedSince=${encodeURIComponent(first.cursor)}`,
        token: admin,
      })
    ).json<Page<ProductJson>>();
    expect(quiet.items).toEqual([]);
    expect(quiet.deleted).toEqual([]);

    const order = await placeOrder(
      t,
      admin,
      { productId: keep, quantity: 2 },
      { department: 'stationery' },
    );
    expect(order.statusCode).toBe(201);
    const removed = await request(t, {
      method: 'DELETE',
      url: `/api/v1/stationery/products/${gone}`,
      token: admin,
    });
    expect(removed.statusCode).toBe(200);

    const next = (
      await request(t, {
        method: 'GET',
        url: `/api/v1/stationery/products?updatedSince=${encodeURIComponent(quiet.cursor)}`,
        token: admin,
      })
    ).json<Page<ProductJson>>();
    expect(next.items.map((item) => [item._id, item.quantity])).toEqual([[keep, 3]]);
    expect(next.deleted).toEqual([gone]);

    const orders = (
      await request(t, {
        method: 'GET',
        url: `/api/v1/stationery/orders?updatedSince=${encodeURIComponent(quiet.cursor)}`,
        token: admin,
      })
    ).json<Page<OrderJson>>();
    expect(orders.items.map((item) => item._id)).toEqual([order.json<OrderJson>()._id]);
  });

  it('reports deleted orders as tombstones', async () => {
    const productId = await seedProduct(t, 'animal-feeding', { quantity: 5 });
    const order = (
      await placeOrder(t, admin, { productId, quantity: 1 }, { department: 'animal-feeding' })
    ).json<OrderJson>();
    await request(t, {
      method: 'DELETE',
      url: `/api/v1/animal-feeding/orders/${order._id}`,
      token: admin,
    });
    const page = (
      await request(t, {
        method: 'GET',
        url: '/api/v1/animal-feeding/orders?updatedSince=0',
        token: admin,
      })
    ).json<Page<OrderJson>>();
    expect(page.items).toEqual([]);
    expect(page.deleted).toEqual([order._id]);
  });

  it('hands out a cursor that overlaps the last seconds, so late commits are not missed', async () => {
    const before = Date.now();
    const page = (
      await request(t, {
        method: 'GET',
        url: '/api/v1/hardware/orders?updatedSince=0',
        token: admin,
      })
    ).json<Page<OrderJson>>();
    expect(Date.parse(page.cursor)).toBeLessThanOrEqual(before);
  });

  it('answers 400 for an unreadable cursor', async () => {
    const res = await request(t, {
      method: 'GET',
      url: '/api/v1/hardware/products?updatedSince=yesterday',
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid updatedSince cursor' });
  });
});
