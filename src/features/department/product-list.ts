import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db as defaultDb, type AppDatabase, type ProductRecord } from '../../db/database.ts';

/**
 * The department's products from the mirror, by name: what the manage table and the order form
 * list, and what the home page's search index is built from. A plain async function (works in
 * `useLiveQuery`, in Dexie's `liveQuery` and in tests) and its live hook for screens.
 */
export async function listProducts(
  dept: string,
  db: AppDatabase = defaultDb,
): Promise<ProductRecord[]> {
  return departmentProducts(dept, db).toArray();
}

/**
 * The department's products as a Dexie collection, by name, to filter or walk: products have no
 * plain 'department' index (version 9 of src/db/database.ts), [department+sortName] holds them all.
 */
export function departmentProducts(dept: string, db: AppDatabase = defaultDb) {
  return db.products
    .where('[department+sortName]')
    .between([dept, Dexie.minKey], [dept, Dexie.maxKey]);
}

/**
 * Re-renders when the mirror changes (a command, a pull, a rollback); `undefined` while the first
 * read is in flight.
 */
export function useProducts(dept: string): ProductRecord[] | undefined {
  return useLiveQuery(() => listProducts(dept), [dept]);
}
