import { canManageDepartment } from '../../../../domain/permissions.ts';
import { Alert, Badge, Container, Button, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import type { StockCountRecord } from '../../../db/database.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useStockCount } from '../data/hooks.ts';
import { CountStatusBadge } from './count-status-badge.tsx';
import { CountingSheet } from './counting-sheet.tsx';

// The admin's review calls the API online; its chunk is not precached for staff (admin-*).
const AdminCountReview = lazy(() =>
  import('./admin-count-review.tsx').then((module) => ({ default: module.AdminCountReview })),
);

/**
 * /$dept/counts/$id: one count. Waiting for the server to start it; open (the blind counting
 * sheet); or submitted, applied or cancelled (what was counted and, once the server has computed
 * them, the expected quantities and variances; an admin reviews a submitted count here).
 */
export function CountPage({ dept, id }: { dept: ProductDepartmentId; id: string }) {
  const t = useT();
  const { language } = useLanguage();
  const view = useStockCount(dept, id);
  const session = useSession();
  const back = (
    <Button asChild variant="ghost" minH="11" alignSelf="start" px="2" color="blue.700">
      <Link to="/$dept/counts" params={{ dept }}>
        {t('stockCounts.back')}
      </Link>
    </Button>
  );
  if (view === undefined) return <LoadingState label={t('stockCounts.loading')} />;
  if (view.status === 'failed') {
    return (
      <Container maxW="4xl" py="6">
        <Text role="alert" color="red.700">
          {t('stockCounts.readFailed')}
        </Text>
      </Container>
    );
  }
  const { count, draft } = view.value;
  if (!count) {
    return (
      <Container maxW="4xl" py="6">
        <EmptyState title={t('stockCounts.notFound')}>{back}</EmptyState>
      </Container>
    );
  }
  const title = t('stockCounts.sheet.title', { location: count.location });
  const waitingToStart = count.status === 'open' && Boolean(count.pendingOutboxId);
  return (
    <Container maxW="4xl" py="6">
      <PageHeader
        title={title}
        back={back}
        badge={<CountStatusBadge count={count} />}
        intro={t('stockCounts.sheet.startedBy', {
          who: count.startedBy,
          when: formatDateTime(count.startedAt, language),
        })}
        mb="5"
      />
      {waitingToStart ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('stockCounts.sheet.waitingTitle')}</Alert.Title>
            <Alert.Description>{t('stockCounts.sheet.waitingText')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : count.status === 'open' ? (
        <CountingSheet dept={dept} count={count} draft={draft} />
      ) : (
        <>
          <CountResult count={count} />
          {session &&
          canManageDepartment(session.user, dept) &&
          count.status === 'submitted' &&
          !count.pendingOutboxId ? (
            <Suspense fallback={<LoadingState label={t('stockCounts.loading')} />}>
              <AdminCountReview dept={dept} count={count} />
            </Suspense>
          ) : null}
        </>
      )}
    </Container>
  );
}

/** What was counted and, once the server has answered, what was expected and the difference. */
function CountResult({ count }: { count: StockCountRecord }) {
  const t = useT();
  const computed = count.lines.some((line) => line.expected !== null);
  const applied = count.status === 'applied';
  const lines = [...count.lines].sort(
    (a, b) => Math.abs(b.variance ?? 0) - Math.abs(a.variance ?? 0),
  );
  return (
    <Stack gap="3">
      <Text>
        {count.pendingOutboxId
          ? t('stockCounts.result.waiting')
          : count.status === 'submitted'
            ? t('stockCounts.result.submitted')
            : count.status === 'applied'
              ? t('stockCounts.result.applied')
              : t('stockCounts.result.cancelled')}
      </Text>
      <DataTable
        label={t('stockCounts.result.tableLabel')}
        columns={[
          t('stockCounts.col.product'),
          t('stockCounts.col.counted'),
          ...(computed ? [t('stockCounts.col.expected'), t('stockCounts.col.variance')] : []),
          ...(applied ? [t('stockCounts.col.adjustment')] : []),
        ]}
      >
        {lines.map((line) => (
          <Table.Row key={line.productId}>
            <Table.Cell>{line.productName}</Table.Cell>
            <Table.Cell>{line.counted ?? t('stockCounts.sheet.notCounted')}</Table.Cell>
            {computed ? (
              <>
                <Table.Cell>{line.expected ?? '—'}</Table.Cell>
                <Table.Cell>
                  <VarianceBadge variance={line.variance} />
                </Table.Cell>
              </>
            ) : null}
            {applied ? <Table.Cell>{signed(line.adjustment ?? 0)}</Table.Cell> : null}
          </Table.Row>
        ))}
      </DataTable>
    </Stack>
  );
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** A variance in words as well as colour: missing, surplus or matching. */
function VarianceBadge({ variance }: { variance: number | null }) {
  const t = useT();
  if (variance === null) return <>—</>;
  if (variance === 0) {
    return (
      <Badge colorPalette="green" variant="subtle">
        {t('stockCounts.variance.match')}
      </Badge>
    );
  }
  return (
    <Badge colorPalette={variance < 0 ? 'red' : 'orange'} variant="subtle">
      {variance < 0
        ? t('stockCounts.variance.missing', { count: -variance })
        : t('stockCounts.variance.surplus', { count: variance })}
    </Badge>
  );
}
