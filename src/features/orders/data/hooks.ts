import { useLiveQuery } from 'dexie-react-hooks';
import type { OrderRecord } from '../../../db/database.ts';
import { getOrder, listOrders } from './queries.ts';

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
