import { useLiveQuery } from 'dexie-react-hooks';
import type { ProductRecord } from '../../../db/database.ts';
import {
  articleLocationCount,
  sameArticleElsewhere,
} from '../../../../domain/product-locations.ts';
import { naturalSortKey } from '../../../../domain/natural-sort.ts';
import { getProduct, listNamedLike, listNamedLikeAny } from './queries.ts';

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

const noCounts: ReadonlyMap<string, number> = new Map();

/**
 * How many locations hold each row's article (the row's and the others), live, by product id: one
 * query for the whole page, not one per row. Empty where the department's products carry no
 * location (no read at all then); a row missing from the map is at one location.
 */
export function usePageLocationCounts(
  dept: string,
  rows: readonly ProductRecord[],
  located: boolean,
): ReadonlyMap<string, number> {
  // What the counts depend on, as one dependency: the rows' ids, names, locations and barcodes.
  const shown = located
    ? rows.map((row) => [row._id, row.name, row.location, row.barcode].join('\u0000')).join('\n')
    : '';
  const counts = useLiveQuery(
    async () => {
      if (!located || rows.length === 0) return noCounts;
      const byName = await listNamedLikeAny(
        dept,
        rows.map((row) => row.name),
      );
      return new Map(
        rows.map((row) => [
          row._id,
          articleLocationCount(row, byName.get(naturalSortKey(row.name.trim())) ?? []),
        ]),
      );
    },
    // `shown` stands for the rows: a new array of the same rows does not query again.
    [dept, shown, located],
  );
  return counts ?? noCounts;
}
