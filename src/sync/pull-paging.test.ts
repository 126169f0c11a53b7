import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database.ts';
// The catalog's products and orders, declared in the registry the way the app does at start.
import { pullDepartment } from './pull.ts';
import { pullProgressKey } from './sync-state-keys.ts';
import {
  baseUrl,
  fakeFetch,
  json,
  product,
  signIn,
  testDb,
  type FakeHandler,
} from './test-support.ts';
import { offlineEntities } from '../app/offline-entities.ts';
import { registerOfflineEntities } from './registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

/** Pull at scale: paged walks that resume, progress every tab can show, and cheap idle pulls. */
let db: AppDatabase;

beforeEach(async () => {
  db = testDb();
  await signIn(db);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

function serverProducts(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const { department: _department, ...row } = product({
      _id: `p-${from + i}`,
      name: `Item ${from + i}`,
    });
    return row;
  });
}

const noOrders = () => json(200, { items: [], deleted: [], cursor: 'o1', more: false });

/** A server with 2,500 products handing them out 1,000 per page. */
function pagedProducts(failOnPage?: number): FakeHandler {
  return ({ path, search }) => {
    if (path !== 'hardware/products') return noOrders();
    const cursor = search.get('updatedSince');
    const page = cursor === '0' ? 0 : Number(cursor?.replace('page-', ''));
    if (page === failOnPage) return Promise.reject(new TypeError('Failed to fetch'));
    const more = page < 2;
    return json(200, {
      items: serverProducts(page * 1000, page < 2 ? 1000 : 500),
      deleted: [],
      cursor: more ? `page-${page + 1}` : 'after-walk',
      more,
      ...(more ? { remaining: 2500 - (page + 1) * 1000 } : {}),
    });
  };
}

describe('paged pull', () => {
  it('walks every page of a first sync in chunks and asks for the page size', async () => {
    const server = fakeFetch(pagedProducts());
    const result = await pullDepartment('hardware', { db, fetch: server.fetch, baseUrl });
    expect(result).toEqual({ status: 'ok', products: 2500, orders: 0 });
    expect(await db.products.count()).toBe(2500);
    const productCalls = server.requests.filter((r) => r.path === 'hardware/products');
    expect(productCalls.map((r) => [r.search.get('updatedSince'), r.search.get('limit')])).toEqual([
      ['0', '1000'],
      ['page-1', '1000'],
      ['page-2', '1000'],
    ]);
    expect(await db.syncState.get('hardware/products')).toMatchObject({
      cursor: 'after-walk',
      more: false,
    });
    // The progress record is gone once the walk is over.
    expect(await db.syncState.get(pullProgressKey)).toBeUndefined();
  });

  it('resumes a walk cut by a dropped connection at the last page written, not from the start', async () => {
    const cut = fakeFetch(pagedProducts(2));
    expect((await pullDepartment('hardware', { db, fetch: cut.fetch, baseUrl })).status).toBe(
      'error',
    );
    expect(await db.products.count()).toBe(2000);
    expect(await db.syncState.get('hardware/products')).toMatchObject({
      cursor: 'page-2',
      more: true,
    });
    // What the status showed when the connection dropped: 2,000 of 2,500.
    const resumed = fakeFetch(pagedProducts());
    await pullDepartment('hardware', { db, fetch: resumed.fetch, baseUrl });
    expect(
      resumed.requests
        .filter((r) => r.path === 'hardware/products')
        .map((r) => r.search.get('updatedSince')),
    ).toEqual(['page-2']);
    expect(await db.products.count()).toBe(2500);
  });

  it('publishes progress between pages ("products 1,000 / 2,500")', async () => {
    const seen: unknown[] = [];
    const handler = pagedProducts();
    const server = fakeFetch(async (request) => {
      seen.push((await db.syncState.get(pullProgressKey))?.progress ?? null);
      return handler(request);
    });
    await pullDepartment('hardware', { db, fetch: server.fetch, baseUrl });
    expect(seen.slice(0, 3)).toEqual([
      null,
      { list: 'products', done: 1000, total: 2500 },
      { list: 'products', done: 2000, total: 2500 },
    ]);
  });

  it('sends the last ETag with an idle pull; a 304 changes nothing and keeps the cursor', async () => {
    const first = fakeFetch(({ path }) =>
      path === 'hardware/products'
        ? new Response(
            JSON.stringify({ items: serverProducts(0, 1), deleted: [], cursor: 'c1', more: false }),
            { status: 200, headers: { 'content-type': 'application/json', etag: '"products-7"' } },
          )
        : noOrders(),
    );
    await pullDepartment('hardware', { db, fetch: first.fetch, baseUrl });
    expect(await db.syncState.get('hardware/products')).toMatchObject({ etag: '"products-7"' });

    const idle = fakeFetch(({ path }) =>
      path === 'hardware/products' ? new Response(null, { status: 304 }) : noOrders(),
    );
    const result = await pullDepartment('hardware', { db, fetch: idle.fetch, baseUrl });
    expect(result).toEqual({ status: 'ok', products: 0, orders: 0 });
    const sent = idle.requests.find((r) => r.path === 'hardware/products');
    expect(sent?.headers.get('if-none-match')).toBe('"products-7"');
    expect(sent?.search.get('updatedSince')).toBe('c1');
    expect(await db.products.count()).toBe(1);
    expect(await db.syncState.get('hardware/products')).toMatchObject({ cursor: 'c1' });
  });

  it('sends no ETag in the middle of a walk', async () => {
    const cut = fakeFetch(pagedProducts(1));
    await pullDepartment('hardware', { db, fetch: cut.fetch, baseUrl });
    await db.syncState.update('hardware/products', { etag: '"stale"' });
    const resumed = fakeFetch(pagedProducts());
    await pullDepartment('hardware', { db, fetch: resumed.fetch, baseUrl });
    const firstCall = resumed.requests.find((r) => r.path === 'hardware/products');
    expect(firstCall?.headers.get('if-none-match')).toBeNull();
  });
});
