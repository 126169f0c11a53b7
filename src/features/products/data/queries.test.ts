import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { departments } from '../../../../domain/departments.ts';
import { pageCount, pageSlice } from '../../../../domain/pagination.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import type { AppDatabase } from '../../../db/database.ts';
import {
  catalogTestDb,
  generatedProducts,
  productRow,
} from '../../../../tests/support/product-catalog.ts';
import { ProductSearchIndex } from './product-search-index.ts';
import { listProducts } from '../../department/product-list.ts';
import { readProductPage, type ProductPage } from './queries.ts';

let db: AppDatabase;
let rowsRead: () => number;
let resetRowsRead: () => void;
let index: ProductSearchIndex | undefined;

beforeEach(async () => {
  ({ db, rowsRead, resetRowsRead } = catalogTestDb());
  await db.products.bulkPut(generatedProducts(300));
});

afterEach(async () => {
  index?.dispose();
  index = undefined;
  db.close();
  await db.delete();
});

async function builtIndex(dept: 'hardware' | 'fresh-oil'): Promise<ProductSearchIndex> {
  index = new ProductSearchIndex(dept, departments[dept].searchFields, db);
  index.ensureBuilt();
  await index.whenIdle();
  return index;
}

/** What the home page showed before: every row read, filtered, then sliced. */
async function expectedPage(dept: 'hardware' | 'fresh-oil', query: string, page: number) {
  const { searchFields, shopPageSize } = departments[dept];
  const matches = filterBySearch(await listProducts(dept, db), query, searchFields);
  return {
    total: matches.length,
    pages: pageCount(matches.length, shopPageSize),
    ids: pageSlice(matches, page, shopPageSize).map((row) => row._id),
  };
}

function shown(result: ProductPage) {
  return { total: result.total, pages: result.pages, ids: result.rows.map((row) => row._id) };
}

describe('readProductPage without a query', () => {
  it('shows every page exactly as slicing the whole list did, reading only that page', async () => {
    for (const dept of ['hardware', 'fresh-oil'] as const) {
      const pageSize = departments[dept].shopPageSize;
      const { pages } = await expectedPage(dept, '', 1);
      expect(pages).toBeGreaterThan(5);
      for (let page = 1; page <= pages; page += 1) {
        const expected = await expectedPage(dept, '', page);
        resetRowsRead();
        const result = await readProductPage(dept, { query: '', page, pageSize }, db);
        expect(shown(result), `${dept} page ${page}`).toEqual(expected);
        expect(result.page).toBe(page);
        expect(result.departmentTotal).toBe(expected.total);
        expect(rowsRead(), `${dept} page ${page}`).toBeLessThanOrEqual(pageSize);
      }
    }
  });

  it('treats a blank query as no query and brings an out-of-range page into range', async () => {
    const pageSize = departments.hardware.shopPageSize;
    const { pages } = await expectedPage('hardware', '', 1);
    const beyond = await readProductPage(
      'hardware',
      { query: '   ', page: pages + 3, pageSize },
      db,
    );
    expect(beyond.page).toBe(pages);
    expect(shown(beyond)).toEqual(await expectedPage('hardware', '', pages));
    const before = await readProductPage('hardware', { query: '', page: 0, pageSize }, db);
    expect(before.page).toBe(1);
  });

  it('answers from a current search index the same pages, without counting the mirror', async () => {
    for (const dept of ['hardware', 'fresh-oil'] as const) {
      const search = await builtIndex(dept);
      expect(search.current).toBe(true);
      const pageSize = departments[dept].shopPageSize;
      const { pages } = await expectedPage(dept, '', 1);
      // IndexedDB counts a range by walking it: a return to the empty box must not (issue 24).
      const where = vi.spyOn(db.products, 'where');
      for (const page of [1, 2, pages, pages + 1]) {
        const expected = await expectedPage(dept, '', Math.min(page, pages));
        where.mockClear();
        resetRowsRead();
        const result = await readProductPage(dept, { query: '', page, pageSize, search }, db);
        expect(where).not.toHaveBeenCalled();
        expect(rowsRead()).toBeLessThanOrEqual(pageSize);
        expect(shown(result), `${dept} page ${page}`).toEqual(expected);
        expect(result.departmentTotal).toBe(expected.total);
      }
      where.mockRestore();
      search.dispose();
    }
  });

  it('reads the mirror while the index has a bulk write still to apply (a first sync page)', async () => {
    const search = await builtIndex('hardware');
    const more = generatedProducts(400).map((row) => ({ ...row, _id: `more-${row._id}` }));
    await db.products.bulkPut(more);
    // Dexie reports the bulk write after the commit; the index defers its rebuild.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(search.current).toBe(false);
    const pageSize = departments.hardware.shopPageSize;
    const result = await readProductPage('hardware', { query: '', page: 1, pageSize, search }, db);
    expect(shown(result)).toEqual(await expectedPage('hardware', '', 1));
    await search.whenIdle();
    expect(search.current).toBe(true);
  });

  it('reports an empty department as one empty page', async () => {
    await db.products.clear();
    const result = await readProductPage('godown', { query: '', page: 1, pageSize: 10 }, db);
    expect(result).toEqual({
      query: '',
      total: 0,
      departmentTotal: 0,
      page: 1,
      pages: 1,
      rows: [],
    });
  });
});

describe('readProductPage with a query', () => {
  const queries = ['h', 'ham', 'HAMMER', ' steel ', 'site work', 'ö', 'duplicate', '1', 'zzz'];

  it('finds the same products, pages and order as filtering every row, reading only the page', async () => {
    for (const dept of ['hardware', 'fresh-oil'] as const) {
      const search = await builtIndex(dept);
      const pageSize = departments[dept].shopPageSize;
      for (const query of queries) {
        const { pages } = await expectedPage(dept, query, 1);
        for (const page of new Set([1, 2, pages, pages + 1])) {
          const expected = await expectedPage(dept, query, page);
          resetRowsRead();
          const result = await readProductPage(dept, { query, page, pageSize, search }, db);
          expect(rowsRead()).toBeLessThanOrEqual(pageSize);
          expect(shown(result), `${dept} '${query}' page ${page}`).toEqual(expected);
          expect(result.query).toBe(query);
        }
      }
      search.dispose();
    }
  });

  it('counts the whole department for the loading state, not only the matches', async () => {
    const search = await builtIndex('hardware');
    const result = await readProductPage(
      'hardware',
      { query: 'zzz', page: 1, pageSize: 6, search },
      db,
    );
    expect(result.total).toBe(0);
    expect(result.rows).toEqual([]);
    expect(result.departmentTotal).toBe((await listProducts('hardware', db)).length);
  });

  it('refuses to answer before the search index is built', async () => {
    const search = new ProductSearchIndex('hardware', departments.hardware.searchFields, db);
    await expect(
      readProductPage('hardware', { query: 'ham', page: 1, pageSize: 6, search }, db),
    ).rejects.toThrow('not built');
    search.dispose();
  });
});

describe('readProductPage in a live query', () => {
  it('shows a stock change on the visible page', async () => {
    await db.products.clear();
    await db.products.bulkPut([
      productRow({ _id: 'a', name: 'Anchor bolt', quantity: 4 }),
      productRow({ _id: 'b', name: 'Bucket', quantity: 9 }),
    ]);
    const seen: ProductPage[] = [];
    const subscription = liveQuery(() =>
      readProductPage('hardware', { query: '', page: 1, pageSize: 6 }, db),
    ).subscribe((value) => seen.push(value));
    await expect.poll(() => seen.length).toBe(1);
    await db.products.update('a', { quantity: 3 });
    await expect.poll(() => seen.at(-1)?.rows[0]?.quantity).toBe(3);
    subscription.unsubscribe();
  });
});
