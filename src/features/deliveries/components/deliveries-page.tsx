import {
  Badge,
  Button,
  Container,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { ordersKeptDays } from '../../../../domain/order-retention.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RefusedWrites } from '../../../components/refused-writes.tsx';
import type { DeliveryRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useDeliveries, useSuppliers } from '../data/hooks.ts';
import { DeliveriesExportButtons } from './deliveries-export-buttons.tsx';
import '../../../i18n/screen-words-deliveries.ts';

export interface DeliveryFilter {
  supplierId: string;
  /** YYYY-MM-DD or '' (no bound). */
  from: string;
  to: string;
}

/** The deliveries the filter keeps: one supplier (or all) received within the dates given. */
export function filterDeliveries(
  deliveries: readonly DeliveryRecord[],
  filter: DeliveryFilter,
): DeliveryRecord[] {
  return deliveries.filter(
    (delivery) =>
      (filter.supplierId === '' || delivery.supplierId === filter.supplierId) &&
      (filter.from === '' || delivery.receivedOn >= filter.from) &&
      (filter.to === '' || delivery.receivedOn <= filter.to),
  );
}

/**
 * /$dept/deliveries: the deliveries booked, from the mirror (offline too), per supplier and
 * period, each opening its goods-received note; Book a delivery and Suppliers above.
 */
export function DeliveriesPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const deliveries = useDeliveries(dept);
  const suppliers = useSuppliers(dept);
  const [filter, setFilter] = useState<DeliveryFilter>({ supplierId: '', from: '', to: '' });
  const shown = deliveries ? filterDeliveries(deliveries, filter) : [];
  const actions = (
    <HStack gap="2" wrap="wrap">
      {/* What the filters show, one row per line. */}
      <DeliveriesExportButtons dept={dept} deliveries={shown} />
      <Button asChild variant="outline" minH="44px">
        <Link to="/$dept/deliveries/suppliers" params={{ dept }}>
          {t('deliveries.list.suppliers')}
        </Link>
      </Button>
      <Button asChild colorPalette="blue" minH="44px">
        <Link to="/$dept/deliveries/new" params={{ dept }}>
          {t('deliveries.list.new')}
        </Link>
      </Button>
    </HStack>
  );
  return (
    <Container maxW="6xl" py="6">
      <Stack gap="5">
        <PageHeader
          title={t('deliveries.list.title')}
          intro={t('deliveries.list.window', { days: ordersKeptDays.default })}
          actions={actions}
        />
        <RefusedWrites department={dept} entity="delivery" />
        <RefusedWrites department={dept} entity="supplier" />
        {deliveries === undefined || suppliers === undefined ? (
          <LoadingState label={t('deliveries.list.loading')} />
        ) : deliveries.length === 0 ? (
          <EmptyState title={t('deliveries.list.empty')} />
        ) : (
          <>
            <HStack gap="4" wrap="wrap" align="end">
              <Field.Root w={{ base: 'full', md: '64' }}>
                <Field.Label>{t('deliveries.list.supplier')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    minH="44px"
                    value={filter.supplierId}
                    onChange={(event) => setFilter({ ...filter, supplierId: event.target.value })}
                  >
                    <option value="">{t('deliveries.list.anySupplier')}</option>
                    {suppliers.map((supplier) => (
                      <option key={supplier._id} value={supplier._id}>
                        {supplier.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root w={{ base: 'full', md: '48' }}>
                <Field.Label>{t('deliveries.list.from')}</Field.Label>
                <Input
                  type="date"
                  minH="44px"
                  value={filter.from}
                  onChange={(event) => setFilter({ ...filter, from: event.target.value })}
                />
              </Field.Root>
              <Field.Root w={{ base: 'full', md: '48' }}>
                <Field.Label>{t('deliveries.list.to')}</Field.Label>
                <Input
                  type="date"
                  minH="44px"
                  value={filter.to}
                  onChange={(event) => setFilter({ ...filter, to: event.target.value })}
                />
              </Field.Root>
            </HStack>
            {shown.length === 0 ? (
              <EmptyState title={t('deliveries.list.noMatch')} />
            ) : (
              <DeliveriesTable dept={dept} deliveries={shown} />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

function DeliveriesTable({
  dept,
  deliveries,
}: {
  dept: ProductDepartmentId;
  deliveries: readonly DeliveryRecord[];
}) {
  const t = useT();
  return (
    <DataTable
      label={t('deliveries.list.title')}
      columns={[
        t('deliveries.list.col.grn'),
        t('deliveries.list.col.date'),
        t('deliveries.list.col.supplier'),
        t('deliveries.list.col.note'),
        t('deliveries.list.col.lines'),
        t('deliveries.list.col.quantity'),
      ]}
    >
      {deliveries.map((delivery) => {
        const grn = delivery.pendingOutboxId ? null : delivery.grnNumber;
        return (
          <Table.Row key={delivery._id}>
            <Table.Cell>
              <Link
                to="/$dept/deliveries/$id"
                params={{ dept, id: delivery._id }}
                aria-label={t('deliveries.list.view', {
                  grn: grn ?? delivery.noteNumber,
                })}
                style={{
                  textDecoration: 'underline',
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 44,
                }}
              >
                {grn ?? (
                  <Badge colorPalette="yellow" variant="subtle">
                    {t('deliveries.grn.pending')}
                  </Badge>
                )}
              </Link>
            </Table.Cell>
            <Table.Cell>{delivery.receivedOn}</Table.Cell>
            <Table.Cell>{delivery.supplierName}</Table.Cell>
            <Table.Cell>{delivery.noteNumber}</Table.Cell>
            <Table.Cell>{delivery.lineCount}</Table.Cell>
            <Table.Cell>{delivery.totalQuantity}</Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}
