import Dexie from 'dexie';
import { db as defaultDb, type AppDatabase, type OrderRecord } from '../../../db/database.ts';

/**
 * Reads of the orders mirror. Plain async functions, so they work in `useLiveQuery`, in Dexie's
 * `liveQuery` and in tests alike; the screens filter and paginate the returned arrays.
 */

/** The mirror table of orders (also the name of the list's retention setting). */
export const ordersTable = 'orders';

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

/**
 * Where each ordered product is kept, by product id: an order stores the product's name only, so
 * a department whose products carry a location shows it from the mirror while the product still
 * exists there (issue 26 item 1); a product since deleted or moved elsewhere has no entry.
 */
export async function readOrderLocations(
  dept: string,
  orders: readonly Pick<OrderRecord, 'productId'>[],
  db: AppDatabase = defaultDb,
): Promise<Map<string, string>> {
  const ids = [...new Set(orders.map((order) => order.productId))];
  const products = await db.products.bulkGet(ids);
  const locations = new Map<string, string>();
  for (const product of products) {
    if (product?.department === dept && product.location) {
      locations.set(product._id, product.location);
    }
  }
  return locations;
}
