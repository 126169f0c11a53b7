import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import { dropDb, product, testDb } from '../../../tests/support/sync.ts';
import { countLowStock, listLowStock } from './low-stock.ts';

let db: AppDatabase;

beforeEach(() => (db = testDb()));
afterEach(() => dropDb(db));

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

// Hardware's low-stock threshold (the default reorder level) is 2.
describe('low stock from the mirror', () => {
  it('lists products at or below their reorder level, furthest below first, then by name', async () => {
    await db.products.bulkPut([
      product({ _id: 'p-1', name: 'Nails 10', quantity: 2 }),
      product({ _id: 'p-2', name: 'Nails 9', quantity: 2 }),
      product({ _id: 'p-3', name: 'Hammer', quantity: 3 }),
      product({ _id: 'p-4', name: 'Cement', quantity: 15, reorderLevel: 40 }),
      product({ _id: 'p-5', name: 'Saw', quantity: 0 }),
      product({ _id: 'p-6', name: 'Drill', quantity: 1, reorderLevel: 0 }),
      product({ _id: 'p-7', name: 'Oil', quantity: 0, department: 'fresh-oil' }),
    ]);
    expect(names(await listLowStock(['hardware'], db))).toEqual([
      'Cement',
      'Saw',
      'Nails 9',
      'Nails 10',
    ]);
    expect(await countLowStock('hardware', db)).toBe(4);
    expect(names(await listLowStock(['hardware', 'fresh-oil'], db))).toEqual([
      'Cement',
      'Oil',
      'Saw',
      'Nails 9',
      'Nails 10',
    ]);
  });

  it('follows every kind of write: an update, a new level, a delete', async () => {
    await db.products.put(product({ _id: 'p-1', name: 'Hammer', quantity: 5 }));
    expect(await countLowStock('hardware', db)).toBe(0);

    await db.products.update('p-1', { quantity: 2 });
    expect(await countLowStock('hardware', db)).toBe(1);

    await db.products.update('p-1', { reorderLevel: 1 });
    expect(await countLowStock('hardware', db)).toBe(0);

    await db.products.update('p-1', { reorderLevel: null, quantity: 0 });
    expect((await listLowStock(['hardware'], db))[0]?.lowStockGap).toBe(-2);

    await db.products
      .where('_id')
      .equals('p-1')
      .modify((row) => {
        row.quantity = 30;
      });
    expect(await countLowStock('hardware', db)).toBe(0);

    await db.products.update('p-1', { quantity: 1 });
    await db.products.delete('p-1');
    expect(await countLowStock('hardware', db)).toBe(0);
  });
});
