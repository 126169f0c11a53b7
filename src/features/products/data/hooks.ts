import { useLiveQuery } from 'dexie-react-hooks';
import type { ProductRecord } from '../../../db/database.ts';
import {
  articleLocationCount,
  sameArticleElsewhere,
} from '../../../../domain/product-locations.ts';
import { getProduct, listNamedLike } from './queries.ts';

/**
 * One product of the department, live: re-renders when the mirror changes (a command, a pull, a
 * rollback). `undefined` while the first read is in flight, `null` when not found (show the
 * department's not-found page). The department's list is `useProducts` (department/product-list.ts).
 */
export function useProduct(dept: string, id: string): ProductRecord | null | undefined {
  return useLiveQuery(async () => (await getProduct(dept, id)) ?? null, [dept, id]);
}

/**
 * The same article at the department's other locations (domain/product-locations.ts), live, by
 * location; empty where the department's products carry no location.
 */
export function useSameArticleElsewhere(
  dept: string,
  product: ProductRecord,
  located: boolean,
): ProductRecord[] {
  const others = useLiveQuery(
    async () =>
      located ? sameArticleElsewhere(product, await listNamedLike(dept, product.name)) : [],
    [dept, product._id, product.name, product.location, product.barcode, located],
  );
  return others ?? [];
}

/**
 * How many locations hold the article (this one and the others), live; 1 where the department's
 * products carry no location (no read at all then).
 */
export function useArticleLocationCount(
  dept: string,
  product: ProductRecord,
  located: boolean,
): number {
  const count = useLiveQuery(
    async () =>
      located ? articleLocationCount(product, await listNamedLike(dept, product.name)) : 1,
    [dept, product._id, product.name, product.location, product.barcode, located],
  );
  return count ?? 1;
}
