import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, type ProductDepartmentId } from '../../domain/departments.ts';
import type { OrderJson } from '../../domain/orders.ts';
import type { ProductJson } from '../../domain/products.ts';
import { newId } from '../../server/db/database.ts';
import { acceptsGzip, createListCache } from '../../server/modules/lists/list-cache.ts';
import { listOrders, toOrderJson } from '../../server/modules/orders/repository.ts';
import { listProducts, toProductJson } from '../../server/modules/products/repository.ts';
import {
  cursorMessages,
  cursorOverlapMs,
  ifNoneMatchMatches,
} from '../../server/modules/lists/sync-cursor.ts';
import {
  apiContentSecurityPolicy,
  htmlOnlyHeaders,
  permissionsPolicy,
} from '../../server/plugins/api-headers.ts';
import { placeOrder, seedProduct } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

interface Page<T> {
  items: T[];
  deleted: string[];
  cursor: string;
  more: boolean;
  remaining?: number;
}

/** Inserts `count` live products straight into the database, stamped `updatedAt(index)`. */
async function seedProducts(
  t: Pick<TestApp, 'db'>,
  department: ProductDepartmentId,
  count: number,
  updatedAt: (index: number) => string,
): Promise<string[]> {
  const ids: string[] = [];
  const chunk = 500;
  for (let start = 0; start < count; start += chunk) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + chunk); index += 1) {
      const id = newId();
      ids.push(id);
      rows.push({
        id,
        department,
        name: `Paged ${index}`,
        description: 'Seeded for paging',
        price: 100,
        quantity: 10,
        imageId: null,
        location: null,
        condition: null,
        nutrients: null,
        version: 1,
        deletedAt: null,
        createdAt: updatedAt(index),
        updatedAt: updatedAt(index),
      });
    }
    await t.db.insertInto('products').values(rows).execute();
  }
  return ids;
}

/** Sum of the header lines as they would be sent ("name: value\r\n"). */
function headerBytes(res: LightMyRequestResponse): number {
  return Object.entries(res.headers).reduce((sum, [name, value]) => {
    const values = Array.isArray(value) ? value : [String(value)];
    return sum + values.reduce((lines, item) => lines + name.length + item.length + 4, 0);
  }, 0);
}

describeEachDatabase('catalog paging, change versions and lean API headers', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'paging-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    t = await buildTestApp(target, { staticDir: dist });
    admin = await createUser(t, { role: 'admin', category: 'godown' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  function pull(
    department: ProductDepartmentId,
    list: 'products' | 'orders',
    cursor: string,
    options: { limit?: number | string; etag?: string } = {},
  ) {
    const limit = options.limit === undefined ? '' : `&limit=${options.limit}`;
    return request(t, {
      method: 'GET',
      url: `/api/v1/${department}/${list}?updatedSince=${encodeURIComponent(cursor)}${limit}`,
      token: admin,
      headers: options.etag ? { 'if-none-match': options.etag } : {},
    });
  }

  /** Follows a walk page by page from `cursor` until `more` is false. */
  async function walk(department: ProductDepartmentId, cursor: string, limit: number) {
    const pages: { page: Page<ProductJson>; res: LightMyRequestResponse }[] = [];
    let next = cursor;
    for (;;) {
      const res = await pull(department, 'products', next, { limit });
      expect(res.statusCode).toBe(200);
      const page = res.json<Page<ProductJson>>();
      pages.push({ page, res });
      next = page.cursor;
      if (!page.more) return pages;
      expect(pages.length).toBeLessThan(100);
    }
  }

  describe('paging', () => {
    it('walks 2,500 products in three pages of 1000, each product exactly once', async () => {
      const base = Date.now() - 60_000;
      // Few distinct times, so most keyset steps are decided by the id.
      const ids = await seedProducts(t, 'stationery', 2500, (index) =>
        new Date(base + (index % 7)).toISOString(),
      );
      const pages = await walk('stationery', '0', 1000);
      expect(pages.map(({ page }) => page.items.length)).toEqual([1000, 1000, 500]);
      expect(pages.map(({ page }) => page.more)).toEqual([true, true, false]);
      expect(pages.map(({ page }) => page.remaining)).toEqual([1500, 500, undefined]);
      const seen = pages.flatMap(({ page }) => page.items.map((item) => item._id));
      expect(seen).toHaveLength(2500);
      expect(new Set(seen)).toEqual(new Set(ids));
      // Rows come in (updatedAt, id) order across pages.
      // Every updatedAt has the same length, so "updatedAt id" sorts as the pair does.
      const keys = pages.flatMap(({ page }) =>
        page.items.map((item) => `${item.updatedAt} ${item._id}`),
      );
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(sorted);
      // Only the last page is revalidatable; its cursor is a plain time cursor.
      const [first, second, last] = pages;
      expect(first?.res.headers.etag).toBeUndefined();
      expect(second?.res.headers.etag).toBeUndefined();
      expect(first?.res.headers['cache-control']).toBe('no-store');
      expect(last?.res.headers.etag).toMatch(/^W\/"products-\d+-[\w-]+"$/);
      expect(last?.res.headers['cache-control']).toBe('no-cache');
      expect(Number.isNaN(Date.parse(last?.page.cursor ?? ''))).toBe(false);
    });

    it('gzips a large page for a client that asks, the same JSON once inflated', async () => {
      const url = '/api/v1/stationery/products?updatedSince=0&limit=1000';
      const identity = await request(t, { method: 'GET', url, token: admin });
      const zipped = await request(t, {
        method: 'GET',
        url,
        token: admin,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.byteLength).toBeLessThan(identity.rawPayload.byteLength / 4);
      // The same page; only the cursor differs (it carries each walk's start time).
      const inflated = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as Page<unknown>;
      const plain = identity.json<Page<unknown>>();
      expect({ ...inflated, cursor: '' }).toEqual({ ...plain, cursor: '' });
    });

    it('sees a change made in the middle of a walk by the end of the walk or the next pull', async () => {
      const started = Date.now();
      // Recent rows, stamped 10 s ago, 1 ms apart.
      const ids = await seedProducts(t, 'fresh-oil', 30, (index) =>
        new Date(started - 10_000 + index).toISOString(),
      );
      const first = (await pull('fresh-oil', 'products', '0', { limit: 10 })).json<
        Page<ProductJson>
      >();
      expect(first.items.map((item) => item._id)).toEqual(ids.slice(0, 10));

      // An edit of a row the walk has passed: stamped now, so it comes again later in the walk.
      const edited = ids[3] ?? '';
      const put = await request(t, {
        method: 'PUT',
        url: `/api/v1/fresh-oil/products/${edited}`,
        token: admin,
        payload: { name: 'Edited mid-walk', description: 'x', price: 100, quantity: 10 },
      });
      expect(put.statusCode).toBe(200);
      // A transaction that stamped a passed row before the walk's position but committed after
      // the first page: the walk cannot see it, the next pull must.
      const late = ids[5] ?? '';
      await t.db
        .updateTable('products')
        .set({ name: 'Committed late' })
        .where('id', '=', late)
        .execute();

      const rest = await walk('fresh-oil', first.cursor, 10);
      const restItems = rest.flatMap(({ page }) => page.items);
      expect(restItems.find((item) => item._id === edited)?.name).toBe('Edited mid-walk');
      expect(restItems.some((item) => item._id === late)).toBe(false);
      const last = rest.at(-1);
      const etag = String(last?.res.headers.etag);

      const next = await pull('fresh-oil', 'products', last?.page.cursor ?? '', {
        limit: 10,
        etag,
      });
      expect(next.statusCode).toBe(200);
      const names = next.json<Page<ProductJson>>().items.map((item) => [item._id, item.name]);
      expect(names).toContainEqual([late, 'Committed late']);
    });

    it('resumes from a stored page cursor where it stopped, as often as asked', async () => {
      const old = Date.now() - 100 * cursorOverlapMs;
      const ids = await seedProducts(t, 'animal-feeding', 7, (index) =>
        new Date(old + index).toISOString(),
      );
      const first = (await pull('animal-feeding', 'products', '0', { limit: 3 })).json<
        Page<ProductJson>
      >();
      expect(first.more).toBe(true);
      const stored = first.cursor;
      const again = (await pull('animal-feeding', 'products', stored, { limit: 3 })).json<
        Page<ProductJson>
      >();
      const once = (await pull('animal-feeding', 'products', stored, { limit: 3 })).json<
        Page<ProductJson>
      >();
      expect(again).toEqual(once);
      expect(again.items.map((item) => item._id)).toEqual(ids.slice(3, 6));
      const rest = await walk('animal-feeding', stored, 3);
      const all = [...first.items, ...rest.flatMap(({ page }) => page.items)].map(
        (item) => item._id,
      );
      expect(all).toEqual(ids);
    });

    it('returns tombstones in pages, counted in the limit', async () => {
      const old = Date.now() - 100 * cursorOverlapMs;
      await seedProducts(t, 'godown', 5, (index) => new Date(old + index).toISOString());
      const pages0 = await walk('godown', '0', 1000);
      const ids = pages0.flatMap(({ page }) => page.items.map((item) => item._id));
      const removed = [ids[1] ?? '', ids[3] ?? ''];
      for (const id of removed) {
        const res = await request(t, {
          method: 'DELETE',
          url: `/api/v1/godown/products/${id}`,
          token: admin,
        });
        expect(res.statusCode).toBe(200);
      }
      const pages = await walk('godown', '0', 2);
      for (const { page } of pages) {
        expect(page.items.length + page.deleted.length).toBeLessThanOrEqual(2);
      }
      expect(pages.flatMap(({ page }) => page.deleted).sort()).toEqual([...removed].sort());
      const live = pages.flatMap(({ page }) => page.items.map((item) => item._id));
      expect(live.sort()).toEqual(ids.filter((id) => !removed.includes(id)).sort());
    });

    it('answers 400 with a clear message for a bad limit or cursor', async () => {
      for (const limit of ['0', '1001', 'abc', '1.5', '-1', '', '10000']) {
        const res = await pull('hardware', 'products', '0', { limit });
        expect(res.statusCode, `limit=${limit}`).toBe(400);
        expect(res.json()).toEqual({ message: cursorMessages.invalidLimit });
      }
      const twice = await request(t, {
        method: 'GET',
        url: '/api/v1/hardware/products?updatedSince=0&limit=1&limit=2',
        token: admin,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ message: cursorMessages.invalidLimit });
      const alone = await request(t, {
        method: 'GET',
        url: '/api/v1/hardware/products?limit=10',
        token: admin,
      });
      expect(alone.statusCode).toBe(400);
      expect(alone.json()).toEqual({ message: cursorMessages.limitWithoutCursor });
      for (const cursor of ['c1.p.1.2', 'c1.x.1.2', 'c1.p.1.2.@@.AA', 'c1.p.x.2.AA.AA', 'soon']) {
        const res = await pull('hardware', 'orders', cursor, { limit: 10 });
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json()).toEqual({ message: cursorMessages.invalid });
      }
    });
  });

  describe('change versions', () => {
    async function versions(department: string) {
      const rows = await t.db
        .selectFrom('list_versions')
        .select(['list', 'version'])
        .where('department', '=', department)
        .execute();
      // A list's version is the sum of its counters (one per shard on PostgreSQL, migration 0018).
      const byList: Record<string, number> = {};
      for (const row of rows) byList[row.list] = (byList[row.list] ?? 0) + Number(row.version);
      return { products: byList.products ?? 0, orders: byList.orders ?? 0 };
    }

    it('raises the version of every list a write changes, and of no other', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 3 });
      const start = await versions('hardware');
      const placed = await placeOrder(t, admin, { productId, quantity: 1 });
      expect(placed.statusCode).toBe(201);
      const afterOrder = await versions('hardware');
      expect(afterOrder.products).toBeGreaterThan(start.products);
      expect(afterOrder.orders).toBeGreaterThan(start.orders);

      const refused = await placeOrder(t, admin, { productId, quantity: 50 });
      expect(refused.statusCode).toBe(409);
      expect(await versions('hardware')).toEqual(afterOrder);

      const edit = await request(t, {
        method: 'PUT',
        url: `/api/v1/hardware/products/${productId}`,
        token: admin,
        payload: { name: 'Renamed', description: 'x', price: 100, quantity: 2 },
      });
      expect(edit.statusCode).toBe(200);
      const afterEdit = await versions('hardware');
      expect(afterEdit.products).toBeGreaterThan(afterOrder.products);
      expect(afterEdit.orders).toBe(afterOrder.orders);
      if (target.name === 'postgres') {
        // Bumped once per transaction, at commit, however many rows it wrote.
        expect(afterOrder.products).toBe(start.products + 1);
        expect(afterOrder.orders).toBe(start.orders + 1);
      }
    });

    it('counts concurrent orders and edits without a deadlock, once per transaction', async () => {
      const products = await Promise.all(
        [0, 1, 2, 3].map(() => seedProduct(t, 'hardware', { quantity: 100 })),
      );
      const start = await versions('hardware');
      const orders = Array.from({ length: 20 }, (_, index) =>
        placeOrder(t, admin, { productId: products[index % 4], quantity: 1 }),
      );
      const edits = products.map((productId, index) =>
        request(t, {
          method: 'PUT',
          url: `/api/v1/hardware/products/${productId}`,
          token: admin,
          payload: { name: `Concurrent ${index}`, description: 'x', price: 100, quantity: 100 },
        }),
      );
      const answers = await Promise.all([...orders, ...edits]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
        ...Array<number>(4).fill(200),
        ...Array<number>(20).fill(201),
      ]);
      const end = await versions('hardware');
      if (target.name === 'postgres') {
        expect(end.products - start.products).toBe(24);
        expect(end.orders - start.orders).toBe(20);
      } else {
        expect(end.products - start.products).toBeGreaterThanOrEqual(24);
        expect(end.orders - start.orders).toBe(20);
      }
    });

    it('answers an idle pull with 304 and no body, and a new ETag after an order', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 20 });
      for (const limit of [1000, undefined]) {
        const first = await pull('hardware', 'orders', '0', { limit });
        expect(first.statusCode).toBe(200);
        const { cursor } = first.json<Page<OrderJson>>();
        const etag = String(first.headers.etag);
        const idle = await pull('hardware', 'orders', cursor, { limit, etag });
        expect(idle.statusCode).toBe(304);
        expect(idle.body).toBe('');
        expect(idle.headers.etag).toBe(etag);
        // The ETag belongs to the cursor it came with: another cursor still gets its rows.
        const rewound = await pull('hardware', 'orders', '0', { limit, etag });
        expect(rewound.statusCode).toBe(200);

        const order = (await placeOrder(t, admin, { productId, quantity: 1 })).json<OrderJson>();
        const changed = await pull('hardware', 'orders', cursor, { limit, etag });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
        expect(changed.json<Page<OrderJson>>().items.map((item) => item._id)).toContain(order._id);
      }
    });

    it('keeps the body of an idle pull under 300 bytes', async () => {
      const old = new Date(Date.now() - 10 * cursorOverlapMs).toISOString();
      await seedProducts(t, 'godown', 3, () => old);
      const first = (await pull('godown', 'products', '0', { limit: 1000 })).json<
        Page<ProductJson>
      >();
      // Nothing stamped since the cursor: the answer is the empty page.
      await t.db
        .updateTable('products')
        .set({ updatedAt: old })
        .where('department', '=', 'godown')
        .execute();
      const idle = await pull('godown', 'products', first.cursor, { limit: 1000 });
      expect(idle.statusCode).toBe(200);
      expect(idle.json()).toEqual({
        items: [],
        deleted: [],
        cursor: expect.any(String),
        more: false,
      });
      expect(Buffer.byteLength(idle.body)).toBeLessThanOrEqual(300);
      // The client keeps the cursor and the ETag of one answer and sends both next time.
      const revalidated = await pull('godown', 'products', idle.json<Page<ProductJson>>().cursor, {
        limit: 1000,
        etag: String(idle.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);
      expect(Buffer.byteLength(revalidated.body)).toBe(0);
    });
  });

  describe('plain GET of a whole list', () => {
    const plain = (list: 'products' | 'orders', headers: Record<string, string> = {}) =>
      request(t, { method: 'GET', url: `/api/v1/hardware/${list}`, token: admin, headers });

    it('returns the same array as the query, with an ETag; 304 when it matches', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 30 });
      await placeOrder(t, admin, { productId, quantity: 2 });
      const products = await plain('products');
      expect(products.statusCode).toBe(200);
      expect(products.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(products.headers['content-encoding']).toBeUndefined();
      const expected = (await listProducts(t.db, 'hardware')).map((row) =>
        toProductJson(row, departments.hardware),
      );
      expect(products.body).toBe(JSON.stringify(expected));
      const orders = await plain('orders');
      expect(orders.body).toBe(
        JSON.stringify((await listOrders(t.db, 'hardware')).map(toOrderJson)),
      );

      const etag = String(products.headers.etag);
      expect(etag).toMatch(/^W\/"products-\d+"$/);
      expect(products.headers['cache-control']).toBe('no-cache');
      expect(products.headers.vary).toMatch(/accept-encoding/i);
      const again = await plain('products', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('sends the gzipped body to clients that accept gzip, the same JSON once inflated', async () => {
      await seedProducts(t, 'hardware', 50, () => new Date().toISOString());
      const identity = await plain('products');
      const zipped = await plain('products', { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.etag).toBe(identity.headers.etag);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(identity.body);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.byteLength);
      const refused = await plain('products', { 'accept-encoding': 'gzip;q=0, identity' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(identity.body);
    });

    it('shows a write in the next plain GET (the cached body follows the version)', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 9 });
      const before = await plain('products');
      const stock = (res: LightMyRequestResponse) =>
        res.json<ProductJson[]>().find((product) => product._id === productId)?.quantity;
      expect(stock(before)).toBe(9);
      const order = await placeOrder(t, admin, { productId, quantity: 4 });
      expect(order.statusCode).toBe(201);
      const after = await plain('products', { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(stock(after)).toBe(5);
      const orders = await plain('orders');
      expect(orders.json<OrderJson[]>()[0]?._id).toBe(order.json<OrderJson>()._id);
    });
  });

  describe('headers', () => {
    it('keeps API answers lean and HTML answers fully guarded', async () => {
      const api = await request(t, {
        method: 'GET',
        url: '/api/v1/hardware/products',
        token: admin,
      });
      expect(api.statusCode).toBe(200);
      for (const name of htmlOnlyHeaders) expect(api.headers[name], name).toBeUndefined();
      expect(api.headers['content-security-policy']).toBe(apiContentSecurityPolicy);
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(headerBytes(api)).toBeLessThan(400);

      const detail = await request(t, { method: 'GET', url: '/api/v1/health' });
      expect(detail.headers['cache-control']).toBe('no-store');
      expect(detail.headers['x-dns-prefetch-control']).toBeUndefined();
      const missing = await request(t, { method: 'GET', url: '/api/v1/nope' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-frame-options']).toBeUndefined();
      expect(missing.headers['content-security-policy']).toBe(apiContentSecurityPolicy);

      const page = await request(t, { method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-dns-prefetch-control']).toBe('off');
      // Framing refused the same way by both headers; a Permissions-Policy for the pages.
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(page.headers['permissions-policy']).toBe(permissionsPolicy);
      expect(missing.headers['permissions-policy']).toBeUndefined();
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(page.headers['cache-control']).toBe('no-cache');
    });
  });
});

describe('list cache', () => {
  it('builds a version once for concurrent requests and keeps only the newest', async () => {
    const cache = createListCache();
    let builds = 0;
    const build = (text: string) => async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return text;
    };
    const [a, b] = await Promise.all([
      cache.get('k', 1, build('[1]')),
      cache.get('k', 1, build('[x]')),
    ]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(a.identity.toString()).toBe('[1]');
    expect(gunzipSync(a.gzip).toString()).toBe('[1]');
    const newer = await cache.get('k', 2, build('[2]'));
    expect(newer.version).toBe(2);
    // A request that read an older version gets the newer body, without a rebuild.
    expect(await cache.get('k', 1, build('[old]'))).toBe(newer);
    expect(builds).toBe(2);
  });

  it('forgets a failed build, so the next request tries again', async () => {
    const cache = createListCache();
    await expect(
      cache.get('k', 1, () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    const body = await cache.get('k', 1, () => Promise.resolve('[]'));
    expect(body.identity.toString()).toBe('[]');
  });

  it('reads Accept-Encoding and If-None-Match as HTTP means them', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(ifNoneMatchMatches('W/"products-3"', 'W/"products-3"')).toBe(true);
    expect(ifNoneMatchMatches('"a", "products-3"', 'W/"products-3"')).toBe(true);
    expect(ifNoneMatchMatches('W/"products-4"', 'W/"products-3"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, 'W/"products-3"')).toBe(false);
  });
});
