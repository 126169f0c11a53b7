import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCsv } from '../../../../domain/spreadsheet.ts';
import type { AppDatabase } from '../../../db/database.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { translate } from '../../../i18n/translate.ts';
import { dropDb, product, testDb } from '../../../../tests/support/sync.ts';
import { productsSheet, readProductsForExport } from './products-export.ts';

const en = (key: MessageKey, values?: Record<string, string | number>) =>
  translate('en', key, values);
const sw = (key: MessageKey, values?: Record<string, string | number>) =>
  translate('sw', key, values);

let db: AppDatabase;
beforeEach(() => (db = testDb()));
afterEach(() => dropDb(db));

describe('products export', () => {
  it('lists one department in natural order with its own columns only', async () => {
    await db.products.bulkPut([
      product({ _id: 'p-2', name: 'Nails 10', barcode: '4006381333931' }),
      product({ _id: 'p-1', name: 'Nails 9', reorderLevel: 25 }),
      product({ _id: 'p-3', name: 'Oil', department: 'fresh-oil' }),
    ]);
    const sheet = productsSheet(
      await readProductsForExport(['hardware'], db),
      ['hardware'],
      en,
      'UTC',
    );
    expect(sheet[0]).toEqual([
      'Product',
      'Description',
      'Price (Tsh)',
      'Quantity',
      'Barcode',
      'Reorder level',
      'Last changed',
      'Product ID',
    ]);
    expect(sheet.slice(1)).toEqual([
      ['Nails 9', 'Steel claw hammer', 12_500, 10, '', 25, '2026-01-01 00:00', 'p-1'],
      // No level of its own: hardware's low-stock threshold (2), as the Low stock page counts.
      ['Nails 10', 'Steel claw hammer', 12_500, 10, '4006381333931', 2, '2026-01-01 00:00', 'p-2'],
    ]);
  });

  it('leads with the department over several, with every department’s extra columns', async () => {
    await db.products.bulkPut([
      product({
        _id: 'g-1',
        department: 'godown',
        name: 'Cement',
        quantity: 0,
        location: 'Deck A',
      }),
      product({ _id: 'a-1', department: 'animal-feeding', name: 'Maize bran', nutrients: 'Fibre' }),
    ]);
    const depts = ['godown', 'animal-feeding'] as const;
    const sheet = productsSheet(await readProductsForExport(depts, db), depts, sw, 'UTC');
    expect(sheet[0]?.slice(0, 8)).toEqual([
      'Idara',
      'Bidhaa',
      'Maelezo',
      'Bei (Tsh)',
      'Idadi',
      'Mahali',
      'Hali',
      'Virutubisho',
    ]);
    const [godownRow, feedRow] = sheet.slice(1);
    expect(godownRow?.slice(0, 8)).toEqual([
      sw('dept.godown'),
      'Cement',
      'Steel claw hammer',
      12_500,
      0,
      'Deck A',
      // The condition the godown screens show for 0 in stock, in Kiswahili, never 'out of stock'.
      sw('catalog.stock.out'),
      '',
    ]);
    expect(feedRow?.slice(5, 8)).toEqual(['', '', 'Fibre']);
  });

  it('neutralises a product name that a spreadsheet would run as a formula', () => {
    const sheet = productsSheet(
      [product({ name: '=HYPERLINK("http://evil.example","click")', description: '+255 700' })],
      ['hardware'],
      en,
    );
    const csv = toCsv(sheet);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")",'+255 700,12500,10`);
  });
});
