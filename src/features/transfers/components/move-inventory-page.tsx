import { Badge, Button, Container, Field, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { clampPage, pageCount, pageSlice } from '../../../../domain/pagination.ts';
import { compareNatural } from '../../../../domain/natural-sort.ts';
import { matchesSearch } from '../../../../domain/search.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useProducts } from '../../department/product-list.ts';
import { StockBadge } from '../../department/stock-badge.tsx';
import { useDepartment } from '../../department/use-department.ts';
import { usePendingTransferIds } from '../data/hooks.ts';
import { RefusedWrites } from '../../../components/refused-writes.tsx';

/** Spec section 9: godown inventory, 10 per page. */
const pageSize = 10;

/**
 * /$dept/admin/move: the department's inventory from the products mirror (works offline), with
 * search by name, location or exact barcode, 10 per page and a Move action per row. A scan (a
 * keyboard-wedge scanner types the code and Enter) of a product's barcode opens its transfer form
 * (issue 15). A row a queued transfer changed says so until the server has it.
 */
export function MoveInventoryPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { descriptor } = useDepartment(dept);
  const products = useProducts(dept);
  const pending = usePendingTransferIds(dept);
  const [query, setQuery] = useState('');
  const [requestedPage, setRequestedPage] = useState(1);
  const navigate = useNavigate();
  const title = t('transfers.move.title');
  const code = query.trim();
  // Barcodes are unique among the department's live products, so at most one matches.
  const scanned =
    code === '' ? undefined : (products ?? []).find((product) => product.barcode === code);

  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    // A product matches by name (the home page's search) or by location ('deck' lists the deck).
    const matching = (products ?? []).filter(
      (product) =>
        matchesSearch(product, query, ['name']) ||
        (needle !== '' && (product.location ?? '').toLocaleLowerCase().includes(needle)) ||
        (needle !== '' && product.barcode === query.trim()),
    );
    // The same name at several locations sits together, locations in natural order too.
    return matching.sort(
      (a, b) =>
        compareNatural(a.name, b.name) || compareNatural(a.location ?? '', b.location ?? ''),
    );
  }, [products, query]);
  const pages = pageCount(shown.length, pageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(shown, page, pageSize);

  return (
    <Container maxW="6xl" py="6">
      <Stack gap="5">
        <PageHeader title={title} />
        <RefusedWrites department={dept} entity="transfers" />
        <Field.Root maxW="md">
          <Field.Label>{t('transfers.move.search')}</Field.Label>
          <Input
            type="search"
            value={query}
            enterKeyHint="search"
            onChange={(event) => {
              setQuery(event.target.value);
              setRequestedPage(1);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || !scanned) return;
              event.preventDefault();
              void navigate({ to: '/$dept/admin/move/$id', params: { dept, id: scanned._id } });
            }}
          />
        </Field.Root>
        {products === undefined ? (
          <LoadingState label={t('transfers.move.loading')} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('transfers.move.empty')} />
        ) : (
          <>
            <DataTable
              columns={[
                t('transfers.col.name'),
                t('transfers.col.location'),
                t('transfers.col.quantity'),
                t('transfers.col.status'),
                t('transfers.col.actions'),
              ]}
            >
              {visible.map((product) => (
                <Table.Row key={product._id} data-testid="inventory-row">
                  <Table.Cell>
                    <Text fontWeight="medium">{product.name}</Text>
                  </Table.Cell>
                  <Table.Cell>{product.location || t('transfers.noLocation')}</Table.Cell>
                  <Table.Cell data-testid="inventory-quantity">{product.quantity}</Table.Cell>
                  <Table.Cell>
                    <Stack direction="row" gap="2" wrap="wrap">
                      <StockBadge product={product} descriptor={descriptor} />
                      {pending.has(product._id) ? (
                        <Badge colorPalette="orange" variant="outline">
                          {t('transfers.pending')}
                        </Badge>
                      ) : null}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      asChild
                      size="xs"
                      colorPalette="blue"
                      aria-label={t('transfers.move.actionOf', { name: product.name })}
                    >
                      <Link to="/$dept/admin/move/$id" params={{ dept, id: product._id }}>
                        {t('transfers.move.action')}
                      </Link>
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
            <Pagination page={page} pages={pages} onPageChange={setRequestedPage} />
          </>
        )}
      </Stack>
    </Container>
  );
}
