import { useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { SearchField } from '../../../../domain/search.ts';
import { ProductPageFeed } from './product-page-feed.ts';
import { productSearchIndex, type ProductSearchIndex } from './product-search-index.ts';
import type { ProductPage } from './queries.ts';

/**
 * The department's search index (one per department for the page's lifetime). Call its
 * `ensureBuilt()` when the search box is about to be used, so the build hides behind the typing.
 */
export function useProductSearchIndex(
  dept: string,
  fields: readonly SearchField[],
): ProductSearchIndex {
  return useMemo(() => productSearchIndex(dept, fields), [dept, fields]);
}

/**
 * The department home's list feed (see ProductPageFeed), reading for `index` while mounted. The
 * query and page live in the feed, so they carry over when the department changes, as before.
 */
export function useProductPageFeed(
  index: ProductSearchIndex,
  pageSize: number,
  debounceMs: number,
): ProductPageFeed {
  const [feed] = useState(() => new ProductPageFeed(debounceMs));
  // A layout effect, so the first page's read starts before the browser paints the loading state.
  useLayoutEffect(() => {
    feed.start(index, pageSize);
    return () => feed.stop();
  }, [feed, index, pageSize]);
  return feed;
}

/** The page the feed shows; undefined while the first read is in flight. */
export function useProductPage(feed: ProductPageFeed): ProductPage | undefined {
  return useSyncExternalStore(feed.subscribe, feed.getSnapshot, feed.getSnapshot);
}
