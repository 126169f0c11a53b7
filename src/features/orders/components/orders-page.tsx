import { Badge, Button, Container, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { OrdersListColumn, ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { orderPeriodFilter, type OrderPeriod } from '../../../../domain/orders.ts';
import { clampPage, pageCount, pageSlice } from '../../../../domain/pagination.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { PeriodTabs } from '../../../components/period-tabs.tsx';
import type { OrderRecord } from '../../../db/database.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { useOrderLocations, useOrders } from '../data/hooks.ts';
import { readOrderLocations } from '../data/queries.ts';
import { hasLocations } from '../../../../domain/product-locations.ts';
import { DeleteOrderDialog, EditOrderDialog } from './order-dialogs.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { useDepartment } from '../../department/use-department.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { EditDeleteButtons } from '../../../components/row-actions.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { businessDate } from '../../../../domain/sheet.ts';
import { serverNow } from '../../../sync/server-clock.ts';
import { ordersSheet } from '../data/orders-export.ts';
import { RefusedWrites } from '../../../components/refused-writes.tsx';
import { OlderOrders } from './older-orders.tsx';
import { PrintReceiptButton } from '../../../components/receipt/print-receipt-controls.tsx';
import { receiptForLines } from '../../../components/receipt/receipt-lines.ts';
import { orderReceipt } from '../data/order-receipt.ts';

const tabLabels = {
  all: 'catalog.orders.tab.all',
  today: 'catalog.orders.tab.today',
  week: 'catalog.orders.tab.week',
  month: 'catalog.orders.tab.month',
} as const satisfies Record<OrderPeriod, MessageKey>;

const columnHeaders = {
  orderId: 'catalog.orders.col.orderId',
  product: 'catalog.orders.col.product',
  quantity: 'catalog.orders.col.quantity',
  total: 'catalog.orders.col.total',
} as const satisfies Record<OrdersListColumn, MessageKey>;

/** Newest first; ISO-8601 UTC strings compare in time order. */
function newestFirst(a: OrderRecord, b: OrderRecord): number {
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/** /$dept/orders: period tabs, a paged table with each order's receipt, and (admins) edit and delete. */
export function OrdersPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { descriptor } = useDepartment(dept);
  const orders = useOrders(dept);
  const [period, setPeriod] = useState<OrderPeriod>('all');
  const [requestedPage, setRequestedPage] = useState(1);

  const filtered = useMemo(() => {
    // The server's day, not the tablet's: a clock days off would empty the Today tab.
    const now = serverNow();
    return (orders ?? [])
      .filter((order) => orderPeriodFilter(period, now, order.createdAt))
      .sort(newestFirst);
  }, [orders, period]);
  const pages = pageCount(filtered.length, descriptor.ordersPageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(filtered, page, descriptor.ordersPageSize);

  return (
    <Container maxW="6xl" py="6">
      <Stack gap="5">
        <PageHeader
          title={t('catalog.orders.title')}
          // The orders of the chosen period, as the table lists them.
          actions={
            <ExportButtons
              what={t('inventory.export.what.orders')}
              fileBase={`${dept}-orders-${period}-${businessDate(serverNow())}`}
              sheetName={t('inventory.export.sheet.orders')}
              empty={filtered.length === 0}
              buildSheet={async () =>
                ordersSheet(filtered, t, {
                  locations: hasLocations(descriptor)
                    ? await readOrderLocations(dept, filtered)
                    : undefined,
                })
              }
            />
          }
        />
        <RefusedWrites department={dept} entity="order" />
        <PeriodTabs
          period={period}
          onPeriodChange={(next) => {
            setPeriod(next);
            setRequestedPage(1);
          }}
          labels={{
            all: t(tabLabels.all),
            today: t(tabLabels.today),
            week: t(tabLabels.week),
            month: t(tabLabels.month),
          }}
          label={t('catalog.orders.tabsLabel')}
        >
          {orders === undefined ? (
            <LoadingState label={t('catalog.orders.loading')} />
          ) : visible.length === 0 ? (
            <EmptyState
              title={period === 'all' ? t('catalog.orders.empty') : t('catalog.orders.emptyPeriod')}
            />
          ) : (
            <>
              <OrdersTable dept={dept} orders={visible} />
              <Pagination page={page} pages={pages} onPageChange={setRequestedPage} />
            </>
          )}
        </PeriodTabs>
        <OlderOrders dept={dept} />
      </Stack>
    </Container>
  );
}

function OrdersTable({ dept, orders }: { dept: ProductDepartmentId; orders: OrderRecord[] }) {
  const t = useT();
  const { language } = useLanguage();
  // The department's manager edits and deletes orders like an admin (decision 0038).
  const { descriptor, canManage: isAdmin } = useDepartment(dept);
  const [editing, setEditing] = useState<OrderRecord | null>(null);
  const [deleting, setDeleting] = useState<OrderRecord | null>(null);
  const columns = descriptor.ordersListColumns;
  const locations = useOrderLocations(dept, orders, hasLocations(descriptor));
  return (
    <>
      <DataTable
        columns={[
          ...columns.map((column) => t(columnHeaders[column])),
          t('catalog.orders.col.actions'),
        ]}
      >
        {orders.map((order) => (
          <Table.Row key={order._id}>
            {columns.map((column) => (
              <Table.Cell key={column}>
                <OrderCell
                  column={column}
                  order={order}
                  location={locations.get(order.productId)}
                />
              </Table.Cell>
            ))}
            <Table.Cell>
              <HStack gap="2" wrap="wrap">
                <Button asChild size="xs" variant="outline">
                  <Link
                    to="/$dept/orders/$id"
                    params={{ dept, id: order._id }}
                    aria-label={t('catalog.orders.detailsOf', { name: order.productName })}
                  >
                    {t('catalog.orders.details')}
                  </Link>
                </Button>
                <PrintReceiptButton
                  text={t('receipt.print.row')}
                  label={t('receipt.print.rowOf', { name: order.productName })}
                  receipt={(company) =>
                    receiptForLines(orderReceipt(order), { t, language, company })
                  }
                />
                {isAdmin ? (
                  <EditDeleteButtons
                    editText={t('catalog.orders.edit')}
                    editLabel={t('catalog.orders.editOf', { name: order.productName })}
                    onEdit={() => setEditing(order)}
                    deleteText={t('catalog.orders.delete')}
                    deleteLabel={t('catalog.orders.deleteOf', { name: order.productName })}
                    onDelete={() => setDeleting(order)}
                  />
                ) : null}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      {isAdmin ? (
        <>
          <EditOrderDialog
            dept={dept}
            order={editing}
            location={editing ? locations.get(editing.productId) : undefined}
            onClose={() => setEditing(null)}
          />
          <DeleteOrderDialog dept={dept} order={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </>
  );
}

/** One cell of an order's row, for the department's columns (descriptor `ordersListColumns`). */
function OrderCell({
  column,
  order,
  location,
}: {
  column: OrdersListColumn;
  order: OrderRecord;
  /** Where the ordered product is kept (departments with locations, product still there). */
  location: string | undefined;
}) {
  const t = useT();
  switch (column) {
    case 'orderId':
      // The server numbers an order when it accepts it; a queued one has no number yet.
      return <Text fontFamily="mono">{order.orderId ?? '—'}</Text>;
    case 'product':
      return (
        <>
          <Text fontWeight="medium">{order.productName}</Text>
          {/* In the product cell, which every department's list has (not all show the id). */}
          <SaleOfOrder order={order} />
          {location ? (
            <Text fontSize="sm" color="fg.muted">
              {t('catalog.field.location')}: {location}
            </Text>
          ) : null}
          {order.pendingOutboxId ? (
            <Badge colorPalette="yellow" variant="subtle" size="sm" mt="1">
              {t('catalog.orders.waitingToSync')}
            </Badge>
          ) : null}
        </>
      );
    case 'quantity':
      return t('catalog.orders.units', { count: order.quantity });
    case 'total':
      return formatTsh(order.total);
  }
}

/** A line of a sale (issue 25) shows its sale's number, a link to the sale's page. */
function SaleOfOrder({ order }: { order: OrderRecord }) {
  const t = useT();
  if (!order.saleId) return null;
  return (
    <Text fontSize="sm" as="div">
      <Link
        to="/$dept/sales/$id"
        params={{ dept: order.department, id: order.saleId }}
        data-testid="order-sale"
        // A tablet link: 44 px tall like every other control on the staff screens.
        style={{
          textDecoration: 'underline',
          display: 'inline-flex',
          alignItems: 'center',
          minHeight: 44,
        }}
      >
        {order.saleNumber
          ? t('sales.orders.saleNumber', { number: order.saleNumber })
          : t('sales.orders.pendingSale')}
      </Link>
    </Text>
  );
}
