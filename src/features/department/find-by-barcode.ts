import { db as defaultDb, type AppDatabase, type ProductRecord } from '../../db/database.ts';

/**
 * The department's product with this barcode, from the mirror's [department+barcode] index, so a
 * scan (a keyboard-wedge scanner types the code and Enter) finds it offline. The server keeps a
 * barcode unique among a department's live products, and the mirror holds live products only.
 */
export async function findProductByBarcode(
  dept: string,
  code: string,
  db: AppDatabase = defaultDb,
): Promise<ProductRecord | undefined> {
  const barcode = code.trim();
  if (barcode === '') return undefined;
  return db.products.where('[department+barcode]').equals([dept, barcode]).first();
}
