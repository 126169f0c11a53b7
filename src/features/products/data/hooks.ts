import { useLiveQuery } from 'dexie-react-hooks';
import type { ProductRecord } from '../../../db/database.ts';
import { getProduct } from './queries.ts';

/**
 * One product of the department, live: re-renders when the mirror changes (a command, a pull, a
 * rollback). `undefined` while the first read is in flight, `null` when not found (show the
 * department's not-found page). The department's list is `useProducts` (department/product-list.ts).
 */
export function useProduct(dept: string, id: string): ProductRecord | null | undefined {
  return useLiveQuery(async () => (await getProduct(dept, id)) ?? null, [dept, id]);
}
