import Dexie from 'dexie';
import {
  db as defaultDb,
  type AppDatabase,
  type OrderRecord,
  type ProductRecord,
} from '../../../db/database.ts';

/**
 * Reads of the catalog mirror. Plain async functions, so they work in `useLiveQuery`, in Dexie's
 * `liveQuery` and in tests alike. Screens filter/paginate the returned arrays (lists are small).
 */

/** A department's products, by name. */
export async function listProducts(
  dept: string,
  db: AppDatabase = defaultDb,
): Promise<ProductRecord[]> {
  return db.products
    .where('[department+name]')
    .between([dept, Dexie.minKey], [dept, Dexie.maxKey])
    .toArray();
}

/** One product of the department, or undefined (the 'product not found' page). */
export async function getProduct(
  dept: string,
  id: string,
  db: AppDatabase = defaultDb,
): Promise<ProductRecord | undefined> {
  const product = await db.products.get(id);
  return product?.department === dept ? product : undefined;
}

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
