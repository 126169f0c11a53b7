import { Container, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { clampPage, pageCount, pageSlice } from '../../../../domain/pagination.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { useSyncStatus } from '../../../sync/use-sync-status.ts';
import { useProducts } from '../data/hooks.ts';
import { searchDebounceMs } from './constants.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { ProductCard } from './product-card.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useDepartment } from './use-department.ts';
import { PageTitle } from './page-title.tsx';

/** /$dept: the department's product grid with search and paging, read from the local mirror. */
export function DepartmentHomePage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { descriptor, name } = useDepartment(dept);
  const products = useProducts(dept);
  // An empty mirror while the first pull runs is "loading", not "no products".
  const { syncing } = useSyncStatus();
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query, searchDebounceMs);
  const [requestedPage, setRequestedPage] = useState(1);

  const matches = useMemo(
    () => filterBySearch(products ?? [], debouncedQuery, descriptor.searchFields),
    [products, debouncedQuery, descriptor.searchFields],
  );
  const pages = pageCount(matches.length, descriptor.shopPageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(matches, page, descriptor.shopPageSize);
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
            onChange={(event) => {
              setQuery(event.target.value);
              setRequestedPage(1);
            }}
          />
        </Field.Root>
        {products === undefined || (products.length === 0 && syncing) ? (
          <LoadingState label={t('catalog.products.loading')} />
        ) : matches.length === 0 ? (
          <EmptyState
            title={
              debouncedQuery.trim() !== ''
                ? t('catalog.products.emptySearch')
                : t('catalog.products.empty')
            }
          />
        ) : (
          <>
            <Text color="fg.muted" fontSize="sm" aria-live="polite">
              {t('catalog.products.count', { count: matches.length })}
            </Text>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
              {visible.map((product) => (
                <li key={product._id}>
                  <ProductCard dept={dept} descriptor={descriptor} product={product} />
                </li>
              ))}
            </SimpleGrid>
            <Pagination page={page} pages={pages} onPageChange={setRequestedPage} />
          </>
        )}
      </Stack>
    </Container>
  );
}
