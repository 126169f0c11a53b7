import Dexie from 'dexie';
import { db as defaultDb, type AppDatabase, type OrderRecord } from '../../../db/database.ts';

/**
 * Reads of the orders mirror. Plain async functions, so they work in `useLiveQuery`, in Dexie's
 * `liveQuery` and in tests alike; the screens filter and paginate the returned arrays.
 */

/** A department's orders, newest first. */
export async function listOrders(
  dept: string,
  db: AppDatabase = defaultDb,
): Promise<OrderRecord[]> {
  return db.orders
    .where('[department+createdAt]')
    .between([dept, Dexie.minKey], [dept, Dexie.maxKey])
    .reverse()
    .toArray();
}

/** One order of the department, or undefined (the 'order not found' page). */
export async function getOrder(
  dept: string,
  id: string,
  db: AppDatabase = defaultDb,
): Promise<OrderRecord | undefined> {
  const order = await db.orders.get(id);
  return order?.department === dept ? order : undefined;
}
