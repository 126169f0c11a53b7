import {
  Button,
  Container,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { clampPage, pageCount, pageSlice } from '../../../../domain/pagination.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import { quantityColor } from '../../../../domain/stock.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import type { ProductRecord } from '../../../db/database.ts';
import { descriptorText } from '../../../i18n/department-name.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useProducts } from '../../department/product-list.ts';
import { deleteProduct } from '../commands/delete-product.ts';
import { ConfirmCommandDialog } from '../../../components/confirm-command-dialog.tsx';
import { EditProductDialog } from './edit-product-dialog.tsx';
import { LoadingState, EmptyState } from '../../../components/page-states.tsx';
import { ProductImage } from '../../department/product-image.tsx';
import { extraFieldLabels, extraFieldText } from '../../department/extra-field-text.ts';
import { badgeIsConditionField } from '../../department/stock-badge-look.ts';
import { StockBadge } from '../../department/stock-badge.tsx';
import { useCommand } from '../../../hooks/use-command.ts';
import { useDepartment } from '../../department/use-department.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { EditDeleteButtons } from '../../../components/row-actions.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { businessDate } from '../../../../domain/sheet.ts';
import { serverNow } from '../../../sync/server-clock.ts';
import { productsSheet } from '../data/products-export.ts';
import { LabelsDialog } from '../labels/labels-dialog.tsx';
import { RefusedWrites } from '../../../components/refused-writes.tsx';

type SortOrder = 'asc' | 'desc';

// The 700 shades: the 600 greens and oranges fall short of 4.5:1 on white (axe: color-contrast).
const quantityTextColor = { green: 'green.700', orange: 'orange.700', red: 'red.700' } as const;

/**
 * /$dept/admin/manage: search, minimum-quantity filter, sort by quantity, edit and delete; a table
 * paged and with extra columns (godown's Location and Condition) as the descriptor says.
 */
export function ManageProductsPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { descriptor, name } = useDepartment(dept);
  const products = useProducts(dept);
  const [query, setQuery] = useState('');
  const [minQuantity, setMinQuantity] = useState('');
  const [sort, setSort] = useState<SortOrder>('asc');
  const [requestedPage, setRequestedPage] = useState(1);
  const [editing, setEditing] = useState<ProductRecord | null>(null);
  const [deleting, setDeleting] = useState<ProductRecord | null>(null);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const remove = useCommand(deleteProduct, t('catalog.manage.deleteFailed'));
  const title = descriptorText(t, descriptor.manageTitleKey, t('catalog.manage.title', { name }));

  const shown = useMemo(() => {
    const minimum = Number(minQuantity);
    const byMinimum = minQuantity.trim() !== '' && Number.isFinite(minimum) ? minimum : null;
    return filterBySearch(products ?? [], query, ['name'])
      .filter((product) => byMinimum === null || product.quantity >= byMinimum)
      .sort((a, b) => (sort === 'asc' ? a.quantity - b.quantity : b.quantity - a.quantity));
  }, [products, query, minQuantity, sort]);
  const pageSize = descriptor.managePageSize;
  const badgeIsCondition = badgeIsConditionField(descriptor, descriptor.manageColumns);
  const pages = pageCount(shown.length, pageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(shown, page, pageSize);

  return (
    <Container maxW="6xl" py="6">
      <Stack gap="5">
        <PageHeader
          title={title}
          actions={
            <HStack gap="2" flexWrap="wrap">
              <Button variant="outline" size="sm" minH="44px" onClick={() => setLabelsOpen(true)}>
                {t('inventory.labels.open')}
              </Button>
              <ExportButtons
                what={t('inventory.export.what.products')}
                fileBase={`${dept}-products-${businessDate(serverNow())}`}
                sheetName={t('inventory.export.sheet.products')}
                empty={!products?.length}
                buildSheet={() => productsSheet(products ?? [], [dept], t)}
              />
            </HStack>
          }
        />
        <RefusedWrites department={dept} entity="product" />
        <LabelsDialog
          open={labelsOpen}
          onClose={() => setLabelsOpen(false)}
          dept={dept}
          products={products ?? []}
        />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root>
            <Field.Label>{t('catalog.manage.search')}</Field.Label>
            <Input
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setRequestedPage(1);
              }}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('catalog.manage.minQuantity')}</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              value={minQuantity}
              onChange={(event) => {
                setMinQuantity(event.target.value);
                setRequestedPage(1);
              }}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('catalog.manage.sort')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={sort}
                onChange={(event) => setSort(event.currentTarget.value === 'desc' ? 'desc' : 'asc')}
              >
                <option value="asc">{t('catalog.manage.sortAsc')}</option>
                <option value="desc">{t('catalog.manage.sortDesc')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>

        {products === undefined ? (
          <LoadingState label={t('catalog.products.loading')} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('catalog.manage.empty')} />
        ) : (
          <>
            <DataTable
              columns={[
                t('catalog.field.name'),
                t('catalog.field.price'),
                t('catalog.field.quantity'),
                ...descriptor.manageColumns.map((field) => t(extraFieldLabels[field])),
                t('catalog.orders.col.actions'),
              ]}
            >
              {visible.map((product) => (
                <Table.Row key={product._id}>
                  <Table.Cell>
                    <HStack gap="3">
                      {descriptor.hasImage ? (
                        <ProductImage
                          image={product.image}
                          alt=""
                          width="12"
                          height="12"
                          rounded="sm"
                          flexShrink={0}
                        />
                      ) : null}
                      <Stack gap="0">
                        <Text fontWeight="medium">{product.name}</Text>
                        <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                          {product.description}
                        </Text>
                      </Stack>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>{formatTsh(product.price)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <Text
                        fontWeight="semibold"
                        color={quantityTextColor[quantityColor(product.quantity, descriptor)]}
                      >
                        {product.quantity}
                      </Text>
                      {badgeIsCondition ? null : (
                        <StockBadge product={product} descriptor={descriptor} />
                      )}
                    </HStack>
                  </Table.Cell>
                  {descriptor.manageColumns.map((field) => (
                    <Table.Cell key={field}>
                      {badgeIsCondition && field === 'condition' ? (
                        <StockBadge product={product} descriptor={descriptor} />
                      ) : (
                        extraFieldText(field, product, descriptor, t)
                      )}
                    </Table.Cell>
                  ))}
                  <Table.Cell>
                    <HStack gap="2">
                      <EditDeleteButtons
                        editText={t('catalog.manage.edit')}
                        editLabel={t('catalog.manage.editOf', { name: product.name })}
                        onEdit={() => setEditing(product)}
                        deleteText={t('catalog.manage.delete')}
                        deleteLabel={t('catalog.manage.deleteOf', { name: product.name })}
                        onDelete={() => setDeleting(product)}
                      />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
            <Pagination page={page} pages={pages} onPageChange={setRequestedPage} />
          </>
        )}
      </Stack>
      <EditProductDialog dept={dept} product={editing} onClose={() => setEditing(null)} />
      <ConfirmCommandDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        run={() =>
          deleting ? remove.run(dept, deleting._id) : Promise.resolve({ ok: true as const })
        }
        processing={remove.processing}
        success={t('catalog.manage.deleted')}
        failure={(message) => message}
        title={t('catalog.manage.deleteTitle')}
        text={t('catalog.manage.deleteText')}
        confirmLabel={t('catalog.manage.delete')}
      />
    </Container>
  );
}
