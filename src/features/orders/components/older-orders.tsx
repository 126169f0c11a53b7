import {
  Alert,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { clampPage, pageCount, pageSlice } from '../../../../domain/pagination.ts';
import {
  monthOf,
  monthRange,
  ordersKeptDays,
  ordersKeptMax,
} from '../../../../domain/order-retention.ts';
import { windowStart } from '../../../../domain/created-range.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDateTime, localeOf } from '../../../i18n/format.ts';
import { useLanguage, useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { requestSync } from '../../../sync/request-sync.ts';
import { setRetentionDays } from '../../../sync/retention.ts';
import { serverNow } from '../../../sync/server-clock.ts';
import { useSyncStatus } from '../../../sync/use-sync-status.ts';
import { useDepartment } from '../../department/use-department.ts';
import type { OlderOrders } from '../data/admin-older-orders-api.ts';
import { useOrdersKeptDays } from '../data/hooks.ts';
import { ordersTable } from '../data/queries.ts';

type Shown =
  | { kind: 'idle' }
  | { kind: 'offline' }
  | { kind: 'loading' }
  | { kind: 'failed'; failure: Exclude<OnlineFailure, { reason: 'network' }> }
  | { kind: 'ready'; result: OlderOrders };

/**
 * The Orders page's older periods (decision 0035): the tablet keeps a window of recent orders;
 * a month before it is read online when the user asks, shown here and never stored in the mirror.
 * Offline it says so, and the tabs above still show every order the tablet keeps.
 */
export function OlderOrders({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { language } = useLanguage();
  const keptDays = useOrdersKeptDays();
  const online = useSyncStatus().online;
  const session = useSession();
  // The first month a tablet with the default window no longer holds in full (any month may be asked).
  const [month, setMonth] = useState(() =>
    monthOf(new Date(windowStart(serverNow(), ordersKeptDays.default))),
  );
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const days = keptDays ?? ordersKeptDays.default;

  async function show() {
    const range = monthRange(month);
    if (!range || !session) return;
    if (!online) {
      setShown({ kind: 'offline' });
      return;
    }
    setShown({ kind: 'loading' });
    try {
      // Loaded only when asked for: the chunk is not precached, it is never needed offline.
      const { fetchOrdersCreatedIn } = await import('../data/admin-older-orders-api.ts');
      const result = await fetchOrdersCreatedIn(session.token, dept, {
        since: range.start.toISOString(),
        before: range.end.toISOString(),
      });
      if (result.ok) setShown({ kind: 'ready', result: result.value });
      else if (result.reason === 'network') setShown({ kind: 'offline' });
      else setShown({ kind: 'failed', failure: result });
    } catch {
      // The chunk itself could not load: the server is out of reach.
      setShown({ kind: 'offline' });
    }
  }

  async function keep(next: number) {
    await setRetentionDays(ordersTable, next);
    // A shorter window is pruned, a longer one fetched, by the next pull.
    void requestSync();
  }

  return (
    <Stack as="section" gap="3" borderWidth="1px" rounded="md" p="4" aria-labelledby="older-orders">
      <Heading as="h2" size="md" id="older-orders">
        {t('catalog.orders.older.title')}
      </Heading>
      <Text color="fg.muted">
        {t('catalog.orders.older.kept', {
          days,
          max: new Intl.NumberFormat(localeOf[language]).format(ordersKeptMax),
        })}
      </Text>
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root width="auto">
          <Field.Label>{t('catalog.orders.older.keepLabel')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={String(days)}
              onChange={(event) => void keep(Number(event.target.value))}
            >
              {ordersKeptDays.choices.map((choice) => (
                <option key={choice} value={String(choice)}>
                  {t('catalog.orders.older.keepOption', { count: choice })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>{t('catalog.orders.older.month')}</Field.Label>
          <Input
            type="month"
            value={month}
            max={monthOf(serverNow())}
            onChange={(event) => setMonth(event.target.value)}
          />
        </Field.Root>
        <Button
          colorPalette="blue"
          onClick={() => void show()}
          disabled={monthRange(month) === undefined}
          loading={shown.kind === 'loading'}
          loadingText={t('catalog.orders.older.loading')}
        >
          {t('catalog.orders.older.show')}
        </Button>
      </HStack>
      <OlderOrdersResult dept={dept} shown={shown} days={days} />
    </Stack>
  );
}

function OlderOrdersResult({
  dept,
  shown,
  days,
}: {
  dept: ProductDepartmentId;
  shown: Shown;
  days: number;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  switch (shown.kind) {
    case 'idle':
      return null;
    case 'offline':
      return (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('catalog.orders.older.offlineTitle')}</Alert.Title>
            <Alert.Description>{t('catalog.orders.older.offline', { days })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    case 'loading':
      return <LoadingState label={t('catalog.orders.older.loading')} />;
    case 'failed':
      return (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            {t('catalog.orders.older.failed', {
              message:
                shown.failure.reason === 'invalid-response'
                  ? t('catalog.orders.older.invalid')
                  : shown.failure.message !== undefined
                    ? translateMessage(shown.failure.message)
                    : t('catalog.orders.older.status', { status: shown.failure.status }),
            })}
          </Alert.Title>
        </Alert.Root>
      );
    case 'ready':
      return shown.result.orders.length === 0 ? (
        <EmptyState title={t('catalog.orders.older.empty')} />
      ) : (
        <OlderOrdersTable dept={dept} result={shown.result} />
      );
  }
}

function OlderOrdersTable({ dept, result }: { dept: ProductDepartmentId; result: OlderOrders }) {
  const t = useT();
  const { language } = useLanguage();
  const { descriptor } = useDepartment(dept);
  const [requestedPage, setRequestedPage] = useState(1);
  const pages = pageCount(result.orders.length, descriptor.ordersPageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(result.orders, page, descriptor.ordersPageSize);
  const columns = descriptor.ordersListColumns;
  const headers = {
    orderId: t('catalog.orders.col.orderId'),
    product: t('catalog.orders.col.product'),
    quantity: t('catalog.orders.col.quantity'),
    total: t('catalog.orders.col.total'),
  };
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {result.complete
          ? t('catalog.orders.older.fromServer')
          : t('catalog.orders.older.partial', { count: result.orders.length })}
      </Text>
      <DataTable
        columns={[...columns.map((column) => headers[column]), t('catalog.orders.older.col.date')]}
      >
        {visible.map((order) => (
          <Table.Row key={order._id}>
            {columns.map((column) => (
              <Table.Cell key={column}>
                {column === 'orderId'
                  ? (order.orderId ?? '—')
                  : column === 'product'
                    ? order.productName
                    : column === 'quantity'
                      ? t('catalog.orders.units', { count: order.quantity })
                      : formatTsh(order.total)}
              </Table.Cell>
            ))}
            <Table.Cell>{formatDateTime(order.createdAt, language)}</Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      <Pagination page={page} pages={pages} onPageChange={setRequestedPage} />
    </Stack>
  );
}
