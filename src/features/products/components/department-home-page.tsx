import { useNavigate } from '@tanstack/react-router';
import { memo, useEffect, useId, useState } from 'react';
import type { DepartmentDescriptor, ProductDepartmentId } from '../../../../domain/departments.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { descriptorText } from '../../../i18n/department-name.ts';
import { requestSync } from '../../../sync/request-sync.ts';
import { markFirstContentShown } from '../../../components/first-content.ts';
import { useSyncStatus } from '../../../sync/use-sync-status.ts';
import type { ProductPageFeed } from '../data/product-page-feed.ts';
import type { ProductPage } from '../data/queries.ts';
import {
  useProductPage,
  useProductPageFeed,
  useProductSearchIndex,
} from '../data/use-product-page.ts';
import { searchDebounceMs } from './constants.ts';
import { useDownloadProgressText } from '../../../components/download-progress.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductRow } from './product-row.tsx';
import { usePageLocationCounts } from '../data/hooks.ts';
import { hasLocations } from '../../../../domain/product-locations.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useDepartment } from '../../department/use-department.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import '../../../components/plain-controls.css';
import './department-home.css';
import { BarcodeLookup } from '../../department/barcode-lookup.tsx';

/**
 * /$dept: the department's products with search and paging, read from the local mirror: a card
 * grid, or a list of rows where the descriptor's `homeLayout` says so (godown).
 * Reads only the visible page (a department may hold ten thousand products); the search runs over
 * an in-memory index of names (and descriptions where the department searches them). The list
 * comes from a feed (ProductPageFeed) whose debounce timer starts the read itself.
 *
 * The list is memoised in two layers so that a keystroke (before the debounce) re-renders only
 * the search box, and only a new page of results re-renders the cards.
 *
 * Plain elements (department-home.css), like its header: a tablet opens the app here, and the
 * page renders without Chakra, which loads after the list has shown (decision 0045).
 */
export function DepartmentHomePage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { descriptor, name } = useDepartment(dept);
  const [query, setQuery] = useState('');
  const index = useProductSearchIndex(dept, descriptor.searchFields);
  const feed = useProductPageFeed(index, descriptor.shopPageSize, searchDebounceMs);
  const searchPlaceholder = descriptor.searchFields.includes('description')
    ? t('catalog.search.placeholderNameDescription')
    : descriptor.searchFields.includes('location')
      ? t('catalog.search.placeholderNameLocation')
      : t('catalog.search.placeholderName');
  const navigate = useNavigate();

  const searchId = useId();
  const title = t('catalog.home.title', { name });

  return (
    <div className="site-container dept-home">
      <DocumentTitle title={title} />
      <h1 className="dept-home__title">{title}</h1>
      <div className="dept-home__search">
        <label className="field-label" htmlFor={searchId}>
          {t('catalog.search.label')}
        </label>
        <input
          id={searchId}
          className="field-input"
          type="search"
          value={query}
          placeholder={searchPlaceholder}
          // The search index is built on first use; starting on focus hides it behind the typing.
          onFocus={() => index.ensureBuilt()}
          onChange={(event) => {
            setQuery(event.target.value);
            feed.setPage(1);
            feed.typeQuery(event.target.value);
            index.ensureBuilt();
          }}
        />
      </div>
      <BarcodeLookup
        dept={dept}
        onFound={(product) =>
          navigate({ to: '/$dept/products/$id', params: { dept, id: product._id } })
        }
      />
      <ProductResults dept={dept} descriptor={descriptor} feed={feed} />
    </div>
  );
}

/** The department's load error (animal-feeding: 'Error: No Product found!') with Retry. */
function ProductsLoadError({ descriptor }: { descriptor: DepartmentDescriptor }) {
  const t = useT();
  const text = descriptorText(t, descriptor.productsLoadErrorKey, t('catalog.products.loadError'));
  return (
    <div role="alert">
      <EmptyState title={text}>
        <button type="button" className="plain-button" onClick={() => void requestSync()}>
          {t('catalog.products.retry')}
        </button>
      </EmptyState>
    </div>
  );
}

const noRows: readonly ProductRecord[] = [];

/** Re-rendered only when the page or the page count changes. */
const MemoPagination = memo(Pagination);

/** The feed's current page; re-renders when it publishes a new one (or the sync state changes). */
const ProductResults = memo(function ProductResults({
  dept,
  descriptor,
  feed,
}: {
  dept: ProductDepartmentId;
  descriptor: DepartmentDescriptor;
  feed: ProductPageFeed;
}) {
  const result = useProductPage(feed);
  // An empty mirror while the first pull runs is "loading", not "no products".
  const { syncing, pullProgress, userId, lastSyncedAt } = useSyncStatus();
  const loading = result === undefined || (result.departmentTotal === 0 && syncing);
  // An empty mirror of a signed-in user whose device never finished a sync: the list never
  // arrived, which 'No products available' would misreport (spec section 8's load error).
  const neverArrived =
    !loading && result.departmentTotal === 0 && userId !== null && lastSyncedAt === null;
  // A first sync of a big department lands page by page: the first products show at once, and
  // this line says how far the rest has come.
  const downloading = useDownloadProgressText(
    pullProgress?.list === 'products' ? pullProgress : null,
  );
  // The list (or its empty or error state) is on screen: the sync engine may load now.
  useEffect(() => {
    if (!loading) markFirstContentShown();
  }, [loading]);
  if (neverArrived) return <ProductsLoadError descriptor={descriptor} />;
  return (
    <>
      {downloading ? (
        <p className="dept-home__note" role="status">
          {downloading}
        </p>
      ) : null}
      <ProductResultsView
        dept={dept}
        descriptor={descriptor}
        result={loading ? undefined : result}
        onPageChange={feed.setPage}
      />
    </>
  );
});

/** The count, the cards or rows and the paging of one page of results (undefined: loading). */
const ProductResultsView = memo(function ProductResultsView({
  dept,
  descriptor,
  result,
  onPageChange,
}: {
  dept: ProductDepartmentId;
  descriptor: DepartmentDescriptor;
  result: ProductPage | undefined;
  onPageChange: (page: number) => void;
}) {
  const t = useT();
  const locationCounts = usePageLocationCounts(
    dept,
    result?.rows ?? noRows,
    descriptor.homeLayout === 'list' && hasLocations(descriptor),
  );
  if (result === undefined) return <LoadingState label={t('catalog.products.loading')} />;
  if (result.total === 0) {
    return (
      <EmptyState
        title={
          result.query.trim() !== ''
            ? t('catalog.products.emptySearch')
            : t('catalog.products.empty')
        }
      />
    );
  }
  return (
    <>
      <p className="dept-home__note" aria-live="polite">
        {t('catalog.products.count', { count: result.total })}
      </p>
      {descriptor.homeLayout === 'list' ? (
        <ul className="product-rows">
          {result.rows.map((product) => (
            <li key={product._id}>
              <ProductRow
                dept={dept}
                descriptor={descriptor}
                product={product}
                locationCount={locationCounts.get(product._id)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="product-grid">
          {result.rows.map((product) => (
            <li key={product._id}>
              <ProductCard dept={dept} descriptor={descriptor} product={product} />
            </li>
          ))}
        </ul>
      )}
      <MemoPagination page={result.page} pages={result.pages} onPageChange={onPageChange} />
    </>
  );
});
