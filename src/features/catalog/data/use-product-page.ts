import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { normalizeQuery, type SearchField } from '../../../../domain/search.ts';
import { productSearchIndex } from './product-search-index.ts';
import { readProductPage, type ProductPage } from './queries.ts';

export interface ProductPageState {
  /** The page shown; undefined while the first read is in flight. */
  result: ProductPage | undefined;
  /** Starts building the search index (call when the search box is about to be used). */
  prepareSearch: () => void;
}

/**
 * The department home's list: one page of products for a (debounced) query, live from the mirror.
 * Only the visible page's rows are read. A query is answered once the department's search index
 * is built; until then the previous results stay on screen (no flash of 'loading' while typing).
 */
export function useProductPage(
  dept: string,
  fields: readonly SearchField[],
  query: string,
  page: number,
  pageSize: number,
): ProductPageState {
  const index = useMemo(() => productSearchIndex(dept, fields), [dept, fields]);
  const version = useSyncExternalStore(index.subscribe, index.getVersion, index.getVersion);
  const answerable = normalizeQuery(query) === '' || version > 0;
  // The query the list shows: follows `query` as soon as it can be answered (state adjusted
  // during render, so the list and the query change in the same commit).
  const [shownQuery, setShownQuery] = useState(query);
  if (answerable && shownQuery !== query) setShownQuery(query);

  useEffect(() => {
    if (!answerable) index.ensureBuilt();
  }, [answerable, index]);

  // A browse (empty query) does not depend on the index; a search re-reads when it changes.
  const searchVersion = normalizeQuery(shownQuery) === '' ? 0 : version;
  const result = useLiveQuery(
    () => readProductPage(dept, { query: shownQuery, page, pageSize, search: index }),
    [dept, shownQuery, page, pageSize, index, searchVersion],
  );
  return { result, prepareSearch: () => index.ensureBuilt() };
}
