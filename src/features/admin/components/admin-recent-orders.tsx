import { Heading, Stack, Table } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { DepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import { ErrorBanner, statusCodeOf } from '../../../components/admin-connection.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { departmentName } from '../../../i18n/department-name.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { fetchRecentOrders, type DashboardOrder } from '../data/admin-dashboard-api.ts';

type OrdersState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: OnlineFailure }
  | { kind: 'ready'; orders: DashboardOrder[] };

/** The newest orders of one department (GET /{dept}/orders), for the dashboard. */
export function RecentOrders({
  token,
  department,
  attempt,
}: {
  token: string;
  department: DepartmentId;
  /** Bumped by the page's Try Again. */
  attempt: number;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [state, setState] = useState<OrdersState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    void fetchRecentOrders(token, department).then((result) => {
      if (!current) return;
      setState(
        result.ok ? { kind: 'ready', orders: result.value } : { kind: 'failed', failure: result },
      );
    });
    return () => {
      current = false;
    };
  }, [token, department, attempt]);

  const name = departmentName(t, department);
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="md">
        {t('admin.orders.title', { department: name })}
      </Heading>
      {state.kind === 'loading' ? (
        <LoadingState label={t('admin.orders.loading')} />
      ) : state.kind === 'failed' ? (
        <ErrorBanner>{t('admin.error.orders', { code: statusCodeOf(state.failure) })}</ErrorBanner>
      ) : state.orders.length === 0 ? (
        <EmptyState title={t('admin.orders.empty')} />
      ) : (
        <DataTable
          label={t('admin.orders.title', { department: name })}
          columns={[
            t('admin.orders.col.order'),
            t('admin.orders.col.product'),
            t('admin.orders.col.quantity'),
            t('admin.orders.col.total'),
            t('admin.orders.col.date'),
          ]}
        >
          {state.orders.map((order) => (
            <Table.Row key={order.id}>
              <Table.Cell>{order.reference ?? '—'}</Table.Cell>
              <Table.Cell>{order.product}</Table.Cell>
              <Table.Cell>{order.quantity}</Table.Cell>
              <Table.Cell>{formatTsh(order.total)}</Table.Cell>
              <Table.Cell>{formatDateTime(order.createdAt, language)}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
