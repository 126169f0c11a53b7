import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import { dropDb, product, testDb } from '../../../tests/support/sync.ts';
import { findProductByBarcode } from './find-by-barcode.ts';

let db: AppDatabase;
beforeEach(() => (db = testDb()));
afterEach(() => dropDb(db));

describe('finding a product by its barcode in the mirror', () => {
  it('finds the department’s product, ignoring the spaces a scanner may add', async () => {
    await db.products.bulkPut([
      product({ _id: 'p-1', name: 'Nails', barcode: '4006381333931' }),
      product({ _id: 'p-2', name: 'Oil', barcode: '4006381333931', department: 'fresh-oil' }),
      product({ _id: 'p-3', name: 'Hammer' }),
    ]);
    expect((await findProductByBarcode('hardware', ' 4006381333931\n', db))?._id).toBe('p-1');
    expect((await findProductByBarcode('fresh-oil', '4006381333931', db))?._id).toBe('p-2');
  });

  it('finds nothing for an unknown or blank code', async () => {
    await db.products.put(product({ _id: 'p-1', barcode: 'A-1' }));
    expect(await findProductByBarcode('hardware', 'A-2', db)).toBeUndefined();
    expect(await findProductByBarcode('hardware', '   ', db)).toBeUndefined();
    expect(await findProductByBarcode('godown', 'A-1', db)).toBeUndefined();
  });
});
