import { useLiveQuery } from 'dexie-react-hooks';
import type { OrderRecord, ProductRecord } from '../../../db/database.ts';
import { getOrder, getProduct, listOrders, listProducts } from './queries.ts';

/**
 * Live catalog reads for screens. Each hook re-renders when the mirror changes (a command, a pull,
 * a rollback). The value is `undefined` while the first read is in flight; for the single-record
 * hooks `null` means "not found" (show the department's not-found page).
 */

export function useProducts(dept: string): ProductRecord[] | undefined {
  return useLiveQuery(() => listProducts(dept), [dept]);
}

export function useProduct(dept: string, id: string): ProductRecord | null | undefined {
  return useLiveQuery(async () => (await getProduct(dept, id)) ?? null, [dept, id]);
}

export function useOrders(dept: string): OrderRecord[] | undefined {
  return useLiveQuery(() => listOrders(dept), [dept]);
}

export function useOrder(dept: string, id: string): OrderRecord | null | undefined {
  return useLiveQuery(async () => (await getOrder(dept, id)) ?? null, [dept, id]);
}
