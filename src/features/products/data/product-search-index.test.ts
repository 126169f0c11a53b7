import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { departments } from '../../../../domain/departments.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import type { AppDatabase } from '../../../db/database.ts';
import {
  catalogTestDb,
  generatedProducts,
  productRow,
} from '../../../../tests/support/product-catalog.ts';
import { ProductSearchIndex } from './product-search-index.ts';
import { listProducts } from '../../department/product-list.ts';

const hardwareFields = departments.hardware.searchFields;
const freshOilFields = departments['fresh-oil'].searchFields;

const queries = [
  '',
  '   ',
  'h',
  'ha',
  'ham',
  'HAMMER',
  '  hammer  ',
  'mer 1',
  'steel',
  'site work',
  'ö',
  'ÖLFILTER',
  'écrou',
  'spade',
  'duplicate',
  '1',
  '12',
  'zzz',
];

let db: AppDatabase;
let rowsRead: () => number;
let resetRowsRead: () => void;
const indexes: ProductSearchIndex[] = [];

function indexFor(dept: string, fields: typeof hardwareFields): ProductSearchIndex {
  const index = new ProductSearchIndex(dept, fields, db);
  indexes.push(index);
  return index;
}

/** Lets Dexie's storagemutated event reach the index, then waits for its patch or rebuild. */
async function settled(index: ProductSearchIndex): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await index.whenIdle();
}

/** What the home page listed before the index: every row, filtered in name order. */
async function reference(dept: string, query: string, fields: typeof hardwareFields) {
  return filterBySearch(await listProducts(dept, db), query, fields).map((row) => row._id);
}

async function built(dept: string, fields: typeof hardwareFields): Promise<ProductSearchIndex> {
  const index = indexFor(dept, fields);
  index.ensureBuilt();
  await settled(index);
  expect(index.ready).toBe(true);
  return index;
}

beforeEach(async () => {
  ({ db, rowsRead, resetRowsRead } = catalogTestDb());
  await db.products.bulkPut(generatedProducts(400));
});

afterEach(async () => {
  for (const index of indexes.splice(0)) index.dispose();
  db.close();
  await db.delete();
});

describe('ProductSearchIndex.search', () => {
  it('finds the same hardware products in the same order as filtering every row (name and description)', async () => {
    const index = await built('hardware', hardwareFields);
    for (const query of queries) {
      expect(index.search(query), query).toEqual(
        await reference('hardware', query, hardwareFields),
      );
    }
    // The catalogue really exercises the cases: description-only hits and tied names.
    expect((await reference('hardware', 'site work', hardwareFields)).length).toBeGreaterThan(100);
    expect(index.search('site work')).not.toEqual(
      await reference('hardware', 'site work', freshOilFields),
    );
  });

  it('searches names only where the department does (fresh-oil)', async () => {
    const index = await built('fresh-oil', freshOilFields);
    for (const query of queries) {
      expect(index.search(query), query).toEqual(
        await reference('fresh-oil', query, freshOilFields),
      );
    }
    expect(index.search('site work')).toEqual([]);
  });

  it('lists products with the same name by id, as the Dexie index does', async () => {
    await db.products.bulkPut([
      productRow({ _id: 'b', name: 'Same' }),
      productRow({ _id: 'a', name: 'Same' }),
      productRow({ _id: 'c', name: 'Same' }),
    ]);
    const index = await built('hardware', hardwareFields);
    expect(index.search('same')).toEqual(['a', 'b', 'c']);
  });

  it('gives the same answers when a query extends the previous one and when it does not', async () => {
    const index = await built('hardware', hardwareFields);
    const typed = ['h', 'ha', 'ham', 'hamm', 'ham', 'h', 'ö', 'öl', 'ölf', 'x', 'zzz', 'zz'];
    for (const query of typed) {
      expect(index.search(query), query).toEqual(
        await reference('hardware', query, hardwareFields),
      );
    }
  });

  it('reads the rows once to build; searching reads none', async () => {
    resetRowsRead();
    const index = await built('hardware', hardwareFields);
    const department = (await listProducts('hardware', db)).length;
    expect(rowsRead()).toBe(department * 2); // the build, and the line above
    resetRowsRead();
    for (const query of queries) index.search(query);
    expect(rowsRead()).toBe(0);
  });
});

describe('ProductSearchIndex stays current', () => {
  it('places a new product by its name and finds it by its description', async () => {
    const index = await built('hardware', hardwareFields);
    const versionBefore = index.getVersion();
    index.search('ham');
    await db.products.put(
      productRow({ _id: 'new-1', name: 'Hammer drill', description: 'Cordless, UNIQUEWORD' }),
    );
    await settled(index);
    expect(index.getVersion()).toBeGreaterThan(versionBefore);
    // Tied names go by id, before and after the ones already there.
    await db.products.bulkPut([
      productRow({ _id: '0-first', name: 'Duplicate name' }),
      productRow({ _id: 'zz-last', name: 'Duplicate name' }),
    ]);
    await settled(index);
    expect(index.search('duplicate')[0]).toBe('0-first');
    expect(index.search('duplicate').at(-1)).toBe('zz-last');
    for (const query of ['ham', 'hamm', 'uniqueword', 'drill', 'duplicate', '']) {
      expect(index.search(query), query).toEqual(
        await reference('hardware', query, hardwareFields),
      );
    }
  });

  it('moves a renamed product, drops a deleted one and one moved to another department', async () => {
    const index = await built('hardware', hardwareFields);
    const [first, second, third] = await listProducts('hardware', db);
    if (!first || !second || !third) throw new Error('catalogue too small');
    // U+FFF0 sorts after every letter of the catalogue, accented ones included.
    await db.products.update(first._id, { name: '\ufff0 last now' });
    await db.products.delete(second._id);
    await db.products.update(third._id, { department: 'fresh-oil' });
    await settled(index);
    for (const query of ['', 'last now', 'h', 'steel']) {
      expect(index.search(query), query).toEqual(
        await reference('hardware', query, hardwareFields),
      );
    }
    expect(index.search('')).not.toContain(second._id);
    expect(index.search('')).not.toContain(third._id);
    expect(index.search('').at(-1)).toBe(first._id);
  });

  it('applies several changes committed together, and a bulk write (a pull) by rebuilding', async () => {
    const index = await built('hardware', hardwareFields);
    await db.transaction('rw', db.products, async () => {
      await db.products.put(productRow({ _id: 'n-1', name: 'Aaa first' }));
      await db.products.put(productRow({ _id: 'n-2', name: 'Mabati new' }));
      await db.products.delete('n-1');
    });
    // 60 rows: Dexie reports a write of 50 or more as a change of the whole table.
    await db.products.bulkPut(generatedProducts(60, 99));
    await settled(index);
    for (const query of queries) {
      expect(index.search(query), query).toEqual(
        await reference('hardware', query, hardwareFields),
      );
    }
    await db.products.clear();
    await settled(index);
    expect(index.search('')).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('rebuilds once after a burst of bulk writes (a first sync page after page), not once per page', async () => {
    const index = await built('hardware', hardwareFields);
    resetRowsRead();
    for (let page = 0; page < 4; page += 1) {
      await db.products.bulkPut(generatedProducts(60, 200 + page));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await settled(index);
    const department = (await listProducts('hardware', db)).length;
    // One rebuild read the department once (the second read is the line above).
    expect(rowsRead()).toBe(department * 2);
    expect(index.search('')).toEqual(await reference('hardware', '', hardwareFields));
  });

  it('rebuilds once after pages that come slower than 250 ms apart, as on a tablet disk', async () => {
    const index = await built('hardware', hardwareFields);
    resetRowsRead();
    for (let page = 0; page < 4; page += 1) {
      await db.products.bulkPut(generatedProducts(60, 300 + page));
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    await settled(index);
    const department = (await listProducts('hardware', db)).length;
    // At most a rebuild after the first page (no burst is known yet), one after the last, and the
    // line above: under 3 reads of the department, where one rebuild per page made 5.
    expect(rowsRead()).toBeLessThan(department * 3);
    expect(index.search('')).toEqual(await reference('hardware', '', hardwareFields));
  });

  it('ignores stock changes and other departments (no new version, nothing re-read but the row)', async () => {
    const index = await built('hardware', hardwareFields);
    const version = index.getVersion();
    const [row] = await listProducts('hardware', db);
    const [other] = await listProducts('fresh-oil', db);
    if (!row || !other) throw new Error('catalogue too small');
    resetRowsRead();
    await db.products.update(row._id, { quantity: row.quantity + 5, price: 1 });
    await db.products.update(other._id, { name: 'Renamed oil' });
    await settled(index);
    expect(index.getVersion()).toBe(version);
    expect(rowsRead()).toBeLessThanOrEqual(4); // the two updates' own reads and the two re-reads
  });

  it('follows changes made while it is being built', async () => {
    const index = indexFor('hardware', hardwareFields);
    index.ensureBuilt();
    await db.products.put(productRow({ _id: 'during', name: 'Built during the build' }));
    await settled(index);
    expect(index.search('during the build')).toEqual(['during']);
    expect(index.search('')).toEqual(await reference('hardware', '', hardwareFields));
  });

  it('is not disturbed by another database with the same products', async () => {
    const index = await built('hardware', hardwareFields);
    const version = index.getVersion();
    const other = catalogTestDb().db;
    await other.products.put(productRow({ _id: 'elsewhere', name: 'Elsewhere' }));
    await settled(index);
    expect(index.getVersion()).toBe(version);
    expect(index.search('elsewhere')).toEqual([]);
    other.close();
    await other.delete();
  });

  it('tells subscribers when it changes', async () => {
    const index = indexFor('hardware', hardwareFields);
    let calls = 0;
    index.subscribe(() => (calls += 1));
    index.ensureBuilt();
    await settled(index);
    expect(calls).toBe(1);
    await db.products.put(productRow({ _id: 'x', name: 'Xylophone' }));
    await settled(index);
    expect(calls).toBe(2);
  });
});
