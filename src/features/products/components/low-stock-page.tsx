import { Badge, Container, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import {
  departments,
  isProductDepartmentId,
  type ProductDepartmentId,
} from '../../../../domain/departments.ts';
import { reorderLevelOf } from '../../../../domain/low-stock.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import type { ProductRecord } from '../../../db/database.ts';
import { departmentName } from '../../../i18n/department-name.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useLowStock } from '../../department/low-stock.ts';
import { PageHeader } from '../../../components/page-header.tsx';

/**
 * 'Low stock' (issue 15): the products at or below their reorder level, furthest below first,
 * read from the mirror so it works offline. One department on /$dept/low-stock; every product
 * department for an admin on /admin/low-stock (with a Department column). A column the listed
 * departments do not have (godown's Location) is left out, as the descriptor says.
 */
export function LowStockPage({
  depts,
  title,
}: {
  depts: readonly ProductDepartmentId[];
  title: string;
}) {
  const t = useT();
  const products = useLowStock(depts);
  const several = depts.length > 1;
  const located = depts.some((dept) => departments[dept].extraFields.includes('location'));
  const columns = [
    t('inventory.lowStock.product'),
    ...(several ? [t('inventory.lowStock.department')] : []),
    ...(located ? [t('inventory.lowStock.location')] : []),
    t('inventory.lowStock.inStock'),
    t('inventory.lowStock.reorderLevel'),
    t('inventory.lowStock.below'),
  ];

  return (
    <Container maxW="6xl" py="6">
      <PageHeader title={title} intro={t('inventory.lowStock.intro')} mb="5" />
      {products === undefined ? (
        <LoadingState label={t('inventory.lowStock.loading')} />
      ) : products.length === 0 ? (
        <EmptyState
          title={t('inventory.lowStock.empty')}
          description={t('inventory.lowStock.emptyHint')}
        />
      ) : (
        <Stack gap="3">
          <Text fontWeight="medium">
            {t('inventory.lowStock.count', { count: products.length })}
          </Text>
          <DataTable columns={columns} label={t('inventory.lowStock.tableLabel')}>
            {products.map((product) => (
              <LowStockRow
                key={product._id}
                product={product}
                showDepartment={several}
                showLocation={located}
              />
            ))}
          </DataTable>
        </Stack>
      )}
    </Container>
  );
}

function LowStockRow({
  product,
  showDepartment,
  showLocation,
}: {
  product: ProductRecord;
  showDepartment: boolean;
  showLocation: boolean;
}) {
  const t = useT();
  const dept = product.department;
  if (!isProductDepartmentId(dept)) return null;
  const descriptor = departments[dept];
  const ownLevel = typeof product.reorderLevel === 'number';
  const level = reorderLevelOf(product, descriptor);
  const gap = product.lowStockGap ?? product.quantity - level;
  return (
    <Table.Row>
      <Table.Cell>
        <ChakraLink asChild color="blue.700" fontWeight="medium">
          <Link to="/$dept/products/$id" params={{ dept, id: product._id }}>
            {product.name}
          </Link>
        </ChakraLink>
      </Table.Cell>
      {showDepartment ? <Table.Cell>{departmentName(t, dept)}</Table.Cell> : null}
      {showLocation ? <Table.Cell>{product.location ?? ''}</Table.Cell> : null}
      <Table.Cell>
        <Text as="span" fontWeight="semibold" color={product.quantity <= 0 ? 'red.700' : undefined}>
          {t('catalog.orders.units', { count: product.quantity })}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {ownLevel ? level : t('inventory.lowStock.defaultLevel', { count: level })}
      </Table.Cell>
      <Table.Cell>
        {/* Words, not colour alone: 'At the level' or the number of units short. */}
        {gap === 0 ? (
          <Badge colorPalette="orange" variant="subtle">
            {t('inventory.lowStock.atLevel')}
          </Badge>
        ) : (
          <Badge colorPalette="red" variant="subtle">
            {t('catalog.orders.units', { count: -gap })}
          </Badge>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
