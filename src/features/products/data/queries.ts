import Dexie from 'dexie';
import { clampPage, pageCount } from '../../../../domain/pagination.ts';
import { naturalSortKey } from '../../../../domain/natural-sort.ts';
import { normalizeQuery } from '../../../../domain/search.ts';
import { db as defaultDb, type AppDatabase, type ProductRecord } from '../../../db/database.ts';
import type { ProductSearchIndex } from './product-search-index.ts';

/**
 * Reads of the products mirror. Plain async functions, so they work in `useLiveQuery`, in Dexie's
 * `liveQuery` and in tests alike. The department's whole list is `listProducts`
 * (department/product-list.ts), which the manage table and the order form filter and paginate;
 * the department home reads one page at a time (`readProductPage`), because a department may hold
 * ten thousand products.
 */

/** One page of the department home: the rows shown plus what the count and paging need. */
export interface ProductPage {
  /** The query these results answer (the empty-state text depends on it). */
  query: string;
  /** Products matching the query (every product of the department for an empty query). */
  total: number;
  /** Products of the department, matching or not (an empty mirror while syncing is 'loading'). */
  departmentTotal: number;
  /** The page shown: the requested page brought into 1..pages. */
  page: number;
  pages: number;
  /** The products of that page, in list order (by name, as `listProducts`). */
  rows: ProductRecord[];
}

export interface ProductPageRequest {
  query: string;
  page: number;
  pageSize: number;
  /**
   * The department's search index, built (`ready`); needed when the query is not empty, and used
   * for the empty query when `current`. Must read from the same database as `db`.
   */
  search?: ProductSearchIndex;
}

/**
 * A page of the department's products, the same rows and order as
 * `pageSlice(filterBySearch(await listProducts(dept), query, fields), page, pageSize)`, but reading
 * only the rows of that page: with a query, or without one once the in-memory search index is
 * current, the ids come from the index and only the page's ids are read; without a query before
 * that, a count and an offset walk of the [department+sortName] index (IndexedDB skips the
 * earlier entries without reading them).
 */
export async function readProductPage(
  dept: string,
  { query, page, pageSize, search }: ProductPageRequest,
  db: AppDatabase = defaultDb,
): Promise<ProductPage> {
  // The whole department: from the index when it is current, since IndexedDB counts a range by
  // walking it (half a second for 50,000 products, on every return to the empty search box).
  if (normalizeQuery(query) === '' && !search?.current) {
    return db.transaction('r', db.products, async () => {
      const byName = () =>
        db.products
          .where('[department+sortName]')
          .between([dept, Dexie.minKey], [dept, Dexie.maxKey]);
      const total = await byName().count();
      const pages = pageCount(total, pageSize);
      const current = clampPage(page, pages);
      const rows = await byName()
        .offset((current - 1) * pageSize)
        .limit(pageSize)
        .toArray();
      return { query, total, departmentTotal: total, page: current, pages, rows };
    });
  }
  if (!search?.ready) throw new Error('readProductPage: the search index is not built yet');
  const ids = search.search(query);
  const pages = pageCount(ids.length, pageSize);
  const current = clampPage(page, pages);
  const start = (current - 1) * pageSize;
  const found = await db.products.bulkGet(ids.slice(start, start + pageSize));
  // A row deleted a moment ago is gone before the index hears of it; the index catches up next.
  const rows = found.filter(
    (row): row is ProductRecord => row !== undefined && row.department === dept,
  );
  return {
    query,
    total: ids.length,
    departmentTotal: search.size,
    page: current,
    pages,
    rows,
  };
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

/**
 * The department's products named like `name` (any case): the candidates for the same article at
 * other locations (domain/product-locations.ts). Read through [department+sortName], whose key
 * folds case, so a department of ten thousand products reads only these rows; stored names are
 * trimmed (domain/products.ts), so the trimmed name's key finds them all.
 */
/**
 * The department's products named like any of `names` (one indexed read for a page of rows),
 * grouped by their sort key (`naturalSortKey` of the trimmed name).
 */
export async function listNamedLikeAny(
  dept: string,
  names: readonly string[],
  db: AppDatabase = defaultDb,
): Promise<Map<string, ProductRecord[]>> {
  const keys = [...new Set(names.map((name) => naturalSortKey(name.trim())))];
  const found = await db.products
    .where('[department+sortName]')
    .anyOf(keys.map((key) => [dept, key]))
    .toArray();
  const byKey = new Map<string, ProductRecord[]>();
  for (const product of found) {
    const key = naturalSortKey(product.name.trim());
    byKey.set(key, [...(byKey.get(key) ?? []), product]);
  }
  return byKey;
}

export async function listNamedLike(
  dept: string,
  name: string,
  db: AppDatabase = defaultDb,
): Promise<ProductRecord[]> {
  return db.products
    .where('[department+sortName]')
    .equals([dept, naturalSortKey(name.trim())])
    .toArray();
}
