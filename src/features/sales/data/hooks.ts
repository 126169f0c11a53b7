import { useLiveQuery } from 'dexie-react-hooks';
import { db, type SaleDraftRecord, type SaleRecord } from '../../../db/database.ts';

/**
 * Live sale reads for screens: `undefined` while the first read is in flight; for `useSale`,
 * `null` means "not on this tablet".
 */
export function useSale(dept: string, id: string): SaleRecord | null | undefined {
  return useLiveQuery(async () => {
    const sale = await db.sales.get(id);
    return sale && sale.department === dept ? sale : null;
  }, [dept, id]);
}

/** The department's basket on this device ([] when empty). */
export function useBasket(dept: string): SaleDraftRecord['lines'] | undefined {
  return useLiveQuery(async () => (await db.saleDrafts.get(dept))?.lines ?? [], [dept]);
}
