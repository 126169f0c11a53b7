import { Container, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { useSyncStatus } from '../../../sync/use-sync-status.ts';
import { useProductPage } from '../data/use-product-page.ts';
import { searchDebounceMs } from './constants.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { ProductCard } from './product-card.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useDepartment } from './use-department.ts';
import { PageTitle } from './page-title.tsx';

/**
 * /$dept: the department's product grid with search and paging, read from the local mirror.
 * Reads only the visible page (a department may hold ten thousand products); the search runs over
 * an in-memory index of names (and descriptions where the department searches them).
 */
export function DepartmentHomePage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { descriptor, name } = useDepartment(dept);
  // An empty mirror while the first pull runs is "loading", not "no products".
  const { syncing } = useSyncStatus();
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query, searchDebounceMs);
  const [requestedPage, setRequestedPage] = useState(1);
  const { result, prepareSearch } = useProductPage(
    dept,
    descriptor.searchFields,
    debouncedQuery,
    requestedPage,
    descriptor.shopPageSize,
  );
  const searchesDescription = descriptor.searchFields.includes('description');

  return (
    <Container maxW="6xl" py="6">
      <PageTitle title={t('catalog.home.title', { name })} />
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {t('catalog.home.title', { name })}
        </Heading>
        <Field.Root maxW="md">
          <Field.Label>{t('catalog.search.label')}</Field.Label>
          <Input
            type="search"
            value={query}
            placeholder={
              searchesDescription
                ? t('catalog.search.placeholderNameDescription')
                : t('catalog.search.placeholderName')
            }
            // The search index is built on first use; starting on focus hides it behind the typing.
            onFocus={prepareSearch}
            onChange={(event) => {
              setQuery(event.target.value);
              setRequestedPage(1);
              prepareSearch();
            }}
          />
        </Field.Root>
        {result === undefined || (result.departmentTotal === 0 && syncing) ? (
          <LoadingState label={t('catalog.products.loading')} />
        ) : result.total === 0 ? (
          <EmptyState
            title={
              result.query.trim() !== ''
                ? t('catalog.products.emptySearch')
                : t('catalog.products.empty')
            }
          />
        ) : (
          <>
            <Text color="fg.muted" fontSize="sm" aria-live="polite">
              {t('catalog.products.count', { count: result.total })}
            </Text>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
              {result.rows.map((product) => (
                <li key={product._id}>
                  <ProductCard dept={dept} descriptor={descriptor} product={product} />
                </li>
              ))}
            </SimpleGrid>
            <Pagination page={result.page} pages={result.pages} onPageChange={setRequestedPage} />
          </>
        )}
      </Stack>
    </Container>
  );
}
