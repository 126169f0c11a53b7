import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { compareNatural } from '../../../domain/natural-sort.ts';
import { db as defaultDb, type AppDatabase, type ProductRecord } from '../../db/database.ts';

/**
 * The department's low-stock products from the mirror (issue 15). The index
 * [department+lowStockGap] holds only products at or below their reorder level (the key is set by
 * product-sort-middleware.ts on every write), so the page and the header's count read those rows
 * and never the whole department: a count is cheap enough for every page's header, offline too.
 */
function lowStockRange(db: AppDatabase, dept: string) {
  return db.products
    .where('[department+lowStockGap]')
    .between([dept, Dexie.minKey], [dept, Dexie.maxKey]);
}

/** Furthest below the reorder level first; equal gaps by name (natural order). */
function byGapThenName(a: ProductRecord, b: ProductRecord): number {
  const gap = (a.lowStockGap ?? 0) - (b.lowStockGap ?? 0);
  return gap !== 0 ? gap : compareNatural(a.name, b.name);
}

export async function listLowStock(
  depts: readonly string[],
  db: AppDatabase = defaultDb,
): Promise<ProductRecord[]> {
  const lists = await Promise.all(depts.map((dept) => lowStockRange(db, dept).toArray()));
  return lists.flat().sort(byGapThenName);
}

export function countLowStock(dept: string, db: AppDatabase = defaultDb): Promise<number> {
  return lowStockRange(db, dept).count();
}

/** Live: re-renders when the mirror changes; `undefined` while the first read is in flight. */
export function useLowStock(depts: readonly string[]): ProductRecord[] | undefined {
  return useLiveQuery(() => listLowStock(depts), [depts.join(',')]);
}

export function useLowStockCount(dept: string): number | undefined {
  return useLiveQuery(() => countLowStock(dept), [dept]);
}
