import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { departments } from '../../../../domain/departments.ts';
import { pageSlice } from '../../../../domain/pagination.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import { AppDatabase } from '../../../db/database.ts';
import {
  catalogTestDb,
  generatedProducts,
  productRow,
} from '../../../../tests/support/product-catalog.ts';
import { ProductPageFeed, samePage } from './product-page-feed.ts';
import { ProductSearchIndex } from './product-search-index.ts';
import { listProducts } from '../../department/product-list.ts';
import type { ProductPage } from './queries.ts';

const { searchFields, shopPageSize } = departments.hardware;
const debounceMs = 20;

let db: AppDatabase;
let rowsRead: () => number;
let resetRowsRead: () => void;
let index: ProductSearchIndex;
let feed: ProductPageFeed;
let published: number;

beforeEach(async () => {
  ({ db, rowsRead, resetRowsRead } = catalogTestDb());
  await db.products.bulkPut(generatedProducts(300, 3));
  index = new ProductSearchIndex('hardware', searchFields, db);
  feed = new ProductPageFeed(debounceMs);
  published = 0;
  feed.subscribe(() => (published += 1));
});

afterEach(async () => {
  feed.stop();
  index.dispose();
  db.close();
  await db.delete();
});

async function expected(query: string, page = 1) {
  const matches = filterBySearch(await listProducts('hardware', db), query, searchFields);
  return { total: matches.length, ids: pageSlice(matches, page, shopPageSize).map((p) => p._id) };
}

function shown(result: ProductPage | undefined) {
  return result && { total: result.total, ids: result.rows.map((row) => row._id) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ProductPageFeed', () => {
  it('shows the first page once started, reading only that page and not building the index', async () => {
    resetRowsRead();
    feed.start(index, shopPageSize);
    expect(feed.getSnapshot()).toBeUndefined();
    await expect.poll(() => feed.getSnapshot()?.page).toBe(1);
    expect(rowsRead()).toBeLessThanOrEqual(shopPageSize);
    expect(index.ready).toBe(false);
    expect(shown(feed.getSnapshot())).toEqual(await expected(''));
    expect(published).toBe(1);
  });

  it('builds the search index once the first page is shown and the browser is idle', async () => {
    feed.start(index, shopPageSize);
    await expect.poll(() => feed.getSnapshot()?.page).toBe(1);
    // Not before the page: the build reads the whole department.
    expect(index.ready).toBe(false);
    await expect.poll(() => index.ready, { timeout: 5000 }).toBe(true);
    // A search now needs no build: the page for it is read right after the debounce.
    feed.typeQuery('1');
    await expect.poll(() => feed.getSnapshot()?.query).toBe('1');
  });

  it('does not build the index for an empty department, nor after stop', async () => {
    await db.products.clear();
    feed.start(index, shopPageSize);
    await expect.poll(() => feed.getSnapshot()?.departmentTotal).toBe(0);
    await sleep(700);
    expect(index.ready).toBe(false);
    await db.products.bulkPut(generatedProducts(10, 4));
    feed.stop();
    await sleep(700);
    expect(index.ready).toBe(false);
  });

  it('applies a typed query only after the debounce, once the index is built, then pages it', async () => {
    feed.start(index, shopPageSize);
    await expect.poll(() => feed.getSnapshot()?.query).toBe('');
    feed.typeQuery('h');
    feed.typeQuery('ha');
    feed.typeQuery('ham');
    await sleep(debounceMs / 2);
    expect(feed.getSnapshot()?.query).toBe(''); // still the previous list
    await expect.poll(() => feed.getSnapshot()?.query).toBe('ham');
    expect(index.ready).toBe(true);
    expect(shown(feed.getSnapshot())).toEqual(await expected('ham'));

    resetRowsRead();
    feed.setPage(2);
    await expect.poll(() => feed.getSnapshot()?.page).toBe(2);
    expect(shown(feed.getSnapshot())).toEqual(await expected('ham', 2));
    feed.setQuery('site work');
    await expect.poll(() => feed.getSnapshot()?.query).toBe('site work');
    expect(shown(feed.getSnapshot())).toEqual(await expected('site work', 2));

    feed.setPage(99); // brought into range, as the page did
    await expect.poll(() => feed.getSnapshot()?.page).not.toBe(2);
    const last = feed.getSnapshot();
    expect(last?.page).toBe(last?.pages);
  });

  it('follows the mirror: a stock change on the page and a new matching product', async () => {
    feed.start(index, shopPageSize);
    feed.setQuery('hammer');
    await expect.poll(() => feed.getSnapshot()?.query).toBe('hammer');
    const first = feed.getSnapshot()?.rows[0];
    if (!first) throw new Error('no hammer');
    await db.products.update(first._id, { quantity: first.quantity + 7 });
    await expect.poll(() => feed.getSnapshot()?.rows[0]?.quantity).toBe(first.quantity + 7);
    await db.products.put(productRow({ _id: 'aaa', name: '  Aardvark hammer', quantity: 1 }));
    await expect.poll(() => feed.getSnapshot()?.rows[0]?._id).toBe('aaa');
    expect(shown(feed.getSnapshot())).toEqual(await expected('hammer'));
  });

  it('re-reads the page at most twice a second while a pull writes page after page, then shows the end', async () => {
    feed.start(index, shopPageSize);
    await expect.poll(() => published).toBe(1);
    // Ten bulk writes (a pull's pages: 50 or more puts each) 100 ms apart: about 1 s of writing.
    for (let page = 0; page < 10; page += 1) {
      await db.products.bulkPut(generatedProducts(60, 500 + page));
      await sleep(100);
    }
    await expect
      .poll(async () => feed.getSnapshot()?.total, { timeout: 3000 })
      .toBe((await expected('')).total);
    // One read per page would have published ten times; at most one per 500 ms publishes 2–4.
    expect(published - 1).toBeLessThanOrEqual(4);
    expect(shown(feed.getSnapshot())).toEqual(await expected(''));
  });

  it('waits four times a slow read between re-reads while a pull writes (a big department)', async () => {
    // A department whose count takes 400 ms, as 40,000 products on a tablet's disk do.
    const slow = new AppDatabase(`slow-count-${crypto.randomUUID()}`);
    let counts = 0;
    slow.use({
      stack: 'dbcore',
      name: 'slow-count',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'products') return table;
          return {
            ...table,
            count: (request) => {
              counts += 1;
              // Busy, not asleep: an await of a timer inside the read would end its transaction.
              const until = Date.now() + 400;
              while (Date.now() < until) counts += 0;
              return table.count(request);
            },
          };
        },
      }),
    });
    await slow.products.bulkPut(generatedProducts(300, 3));
    const slowIndex = new ProductSearchIndex('hardware', searchFields, slow);
    const slowFeed = new ProductPageFeed(debounceMs);
    try {
      slowFeed.start(slowIndex, shopPageSize);
      const before = (await listProducts('hardware', slow)).length;
      await expect.poll(() => slowFeed.getSnapshot()?.total).toBe(before);
      counts = 0;
      // Bulk writes 100 ms apart for about 3 s: every 500 ms plus the read would count 3 to 4
      // times; four times the read (1.6 s) plus the read counts at most twice.
      const started = Date.now();
      for (let page = 0; Date.now() - started < 3000; page += 1) {
        await slow.products.bulkPut(generatedProducts(60, 500 + page));
        await sleep(100);
      }
      expect(counts).toBeLessThanOrEqual(2);
      await expect
        .poll(async () => slowFeed.getSnapshot()?.total, { timeout: 8000 })
        .toBe((await listProducts('hardware', slow)).length);
    } finally {
      slowFeed.stop();
      slowIndex.dispose();
      slow.close();
      await slow.delete();
    }
  }, 20_000);

  it('publishes nothing when a read finds what is shown, and nothing after stop', async () => {
    feed.start(index, shopPageSize);
    await expect.poll(() => published).toBe(1);
    // Another department's product changes: the page is read again but looks the same.
    const [oil] = await listProducts('fresh-oil', db);
    if (!oil) throw new Error('no fresh-oil product');
    await db.products.update(oil._id, { quantity: oil.quantity + 1 });
    await sleep(50);
    expect(published).toBe(1);
    feed.stop();
    await db.products.clear();
    feed.setQuery('x');
    await sleep(50);
    expect(published).toBe(1);
  });
});

describe('samePage', () => {
  const page = (overrides: Partial<ProductPage> = {}): ProductPage => ({
    query: '',
    total: 1,
    departmentTotal: 1,
    page: 1,
    pages: 1,
    rows: [productRow({ _id: 'a' })],
    ...overrides,
  });

  it('tells equal pages from pages that differ in a shown value', () => {
    expect(samePage(page(), page())).toBe(true);
    expect(samePage(page(), page({ query: ' ' }))).toBe(false);
    expect(samePage(page(), page({ rows: [productRow({ _id: 'a', quantity: 9 })] }))).toBe(false);
    expect(samePage(page(), page({ rows: [] }))).toBe(false);
  });
});
