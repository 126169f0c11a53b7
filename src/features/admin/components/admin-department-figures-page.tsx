import { Button, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import type { DepartmentId } from '../../../../domain/departments.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import {
  describeFailure,
  ErrorBanner,
  NeedsConnection,
  useOnline,
} from '../../../components/admin-connection.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { departmentName } from '../../../i18n/department-name.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import {
  fetchDepartmentCounters,
  type DepartmentCounters,
} from '../data/admin-department-counters-api.ts';
import { ReportsForm } from './admin-reports-page.tsx';
import { RevenueCards } from './admin-revenue-page.tsx';
import { StatCards } from './admin-stat-cards.tsx';

type CountersState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: OnlineFailure }
  | { kind: 'ready'; counters: DepartmentCounters };

/** Nothing sold and nothing listed: the screen says so instead of a row of zeros. */
export function isEmptyDepartment(counters: DepartmentCounters): boolean {
  return counters.totalOrders === 0 && counters.totalProducts === 0;
}

/**
 * A department's Figures (decision 0038): its totals (orders, sales, products), its revenue by day,
 * week or month and its reports, for its manager and admins. The admin portal's cards, revenue
 * cards and report form with the department as their scope; online only, like them (the server
 * answers these calls for admins and the department's manager only).
 */
export function AdminDepartmentFiguresPage({
  dept,
  products = true,
}: {
  dept: DepartmentId;
  /** False where the department lists no products (printing): its card would always say 0. */
  products?: boolean;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const online = useOnline();
  const token = useSession()?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CountersState>({ kind: 'loading' });
  // One array per department: RevenueCards fetches again whenever it gets a new one.
  const scope = useMemo(() => [dept], [dept]);

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    void fetchDepartmentCounters(token, dept).then((result) => {
      if (!current) return;
      setState(
        result.ok ? { kind: 'ready', counters: result.value } : { kind: 'failed', failure: result },
      );
    });
    return () => {
      current = false;
    };
    // Coming back online fetches again.
  }, [token, dept, attempt, online]);

  const offline = !online || (state.kind === 'failed' && state.failure.reason === 'network');
  const retry = () => setAttempt((value) => value + 1);

  return (
    <Page title={t('admin.figures.title', { department: departmentName(t, dept) })}>
      {offline ? <NeedsConnection onRetry={retry} /> : null}
      <Stack as="section" gap="4" aria-labelledby="figures-totals">
        <Heading as="h2" size="md" id="figures-totals">
          {t('admin.figures.totals')}
        </Heading>
        {state.kind === 'loading' ? <LoadingState label={t('admin.figures.loading')} /> : null}
        {state.kind === 'failed' && !offline ? (
          <Stack gap="2" align="start">
            <ErrorBanner>
              {t('admin.figures.failed', {
                message: describeFailure(t, translateMessage, state.failure),
              })}
            </ErrorBanner>
            <Button size="sm" variant="outline" onClick={retry}>
              {t('admin.retry')}
            </Button>
          </Stack>
        ) : null}
        {state.kind !== 'ready' ? null : isEmptyDepartment(state.counters) ? (
          <EmptyState title={t('admin.figures.empty')} description={t('admin.figures.emptyText')} />
        ) : (
          <StatCards figures={state.counters} products={products} />
        )}
      </Stack>
      <Stack as="section" gap="4" mt="8" aria-labelledby="figures-revenue">
        <Heading as="h2" size="md" id="figures-revenue">
          {t('admin.figures.revenue')}
        </Heading>
        {/* The page's own notice above says it needs the server; one is enough. */}
        <RevenueCards departments={scope} offlineNotice={false} />
      </Stack>
      <Stack as="section" gap="4" mt="8" maxW="2xl" aria-labelledby="figures-reports">
        <Heading as="h2" size="md" id="figures-reports">
          {t('admin.figures.reports')}
        </Heading>
        <ReportsForm dept={dept} />
      </Stack>
    </Page>
  );
}
