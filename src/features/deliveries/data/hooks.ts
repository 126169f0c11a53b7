import { useLiveQuery } from 'dexie-react-hooks';
import { db, type DeliveryRecord, type SupplierRecord } from '../../../db/database.ts';

/**
 * Live reads of goods received for screens: `undefined` while the first read is in flight; for
 * `useDelivery`, `null` means "not on this tablet".
 */
export function useSuppliers(dept: string): SupplierRecord[] | undefined {
  return useLiveQuery(async () => {
    const suppliers = await db.suppliers.where('department').equals(dept).toArray();
    return suppliers.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  }, [dept]);
}

/** The department's deliveries on this tablet, newest received first. */
export function useDeliveries(dept: string): DeliveryRecord[] | undefined {
  return useLiveQuery(async () => {
    const deliveries = await db.deliveries.where('department').equals(dept).toArray();
    return deliveries.sort(
      (a, b) => b.receivedOn.localeCompare(a.receivedOn) || b.createdAt.localeCompare(a.createdAt),
    );
  }, [dept]);
}

export function useDelivery(dept: string, id: string): DeliveryRecord | null | undefined {
  return useLiveQuery(async () => {
    const delivery = await db.deliveries.get(id);
    return delivery && delivery.department === dept ? delivery : null;
  }, [dept, id]);
}
