import { useLiveQuery } from 'dexie-react-hooks';
import { ordersKeptDays } from '../../../../domain/order-retention.ts';
import { db, type OrderRecord } from '../../../db/database.ts';
import { retentionKey } from '../../../sync/retention.ts';
import { getOrder, listOrders, ordersTable, readOrderLocations } from './queries.ts';

/**
 * Live order reads for screens. Each hook re-renders when the mirror changes (a command, a pull,
 * a rollback). The value is `undefined` while the first read is in flight; for `useOrder`, `null`
 * means "not found" (show the department's not-found page).
 */

export function useOrders(dept: string): OrderRecord[] | undefined {
  return useLiveQuery(() => listOrders(dept), [dept]);
}

export function useOrder(dept: string, id: string): OrderRecord | null | undefined {
  return useLiveQuery(async () => (await getOrder(dept, id)) ?? null, [dept, id]);
}

const noLocations: ReadonlyMap<string, string> = new Map();

/**
 * Where the orders' products are kept (readOrderLocations), live; empty where the department's
 * products carry no location, and while the first read is in flight.
 */
export function useOrderLocations(
  dept: string,
  orders: readonly OrderRecord[],
  located: boolean,
): ReadonlyMap<string, string> {
  const key = orders.map((order) => order.productId).join('\n');
  const locations = useLiveQuery(
    async () => (located ? readOrderLocations(dept, orders) : noLocations),
    // The product ids, not the array: a new array of the same orders reads nothing again.
    [dept, key, located],
  );
  return locations ?? noLocations;
}

/**
 * The days of orders this tablet keeps (decision 0035): its own setting, the default until
 * changed; undefined while the first read is in flight.
 */
export function useOrdersKeptDays(): number | undefined {
  return useLiveQuery(async () => {
    const stored = await db.syncState.get(retentionKey(ordersTable));
    return stored?.keepDays ?? ordersKeptDays.default;
  }, []);
}
