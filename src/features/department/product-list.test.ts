import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import { dropDb, product, testDb } from '../../../tests/support/sync.ts';
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

  it('lists names in natural order, whatever their case: item 2 before item 10', async () => {
    await db.products.bulkPut([
      product({ _id: 'p-10', name: 'item 10' }),
      product({ _id: 'p-2', name: 'Item 2' }),
      product({ _id: 'p-1', name: 'item 1' }),
      product({ _id: 'p-b', name: 'Bolt' }),
    ]);
    expect((await listProducts('hardware', db)).map((p) => p.name)).toEqual([
      'Bolt',
      'item 1',
      'Item 2',
      'item 10',
    ]);
  });

  it('keeps the order when a product is renamed through update(), which writes no sortName itself', async () => {
    await db.products.bulkPut([
      product({ _id: 'p-a', name: 'Anvil' }),
      product({ _id: 'p-z', name: 'Zinc sheet' }),
    ]);
    await db.products.update('p-z', { name: 'Adze' });
    expect((await listProducts('hardware', db)).map((p) => p.name)).toEqual(['Adze', 'Anvil']);
  });
});
