import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import { dropDb, product, testDb } from '../../sync/test-support.ts';
import { listProducts } from './product-list.ts';

let db: AppDatabase;

beforeEach(() => (db = testDb()));
afterEach(() => dropDb(db));

describe('listProducts', () => {
  it('lists only the department’s products, by name', async () => {
    await db.products.bulkPut([
      product(),
      product({ _id: 'p-saw', name: 'Saw' }),
      product({ _id: 'p-axe', name: 'Axe' }),
      product({ _id: 'p-oil', name: 'Oil', department: 'fresh-oil' }),
    ]);
    expect((await listProducts('hardware', db)).map((p) => p.name)).toEqual([
      'Axe',
      'Hammer',
      'Saw',
    ]);
  });
});
