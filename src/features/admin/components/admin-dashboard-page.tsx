import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { dashboardOrdersDepartment, type DepartmentId } from '../../../../domain/departments.ts';
import { statsSchema, type Stats } from '../../../../domain/stats.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import {
  describeFailure,
  ErrorBanner,
  loadLastSeen,
  NeedsConnection,
  saveLastSeen,
  statusCodeOf,
  useOnline,
  type LastSeen,
} from '../../../components/admin-connection.tsx';
import { Page } from '../../../components/page.tsx';
import { LoadingState } from '../../../components/page-states.tsx';
import { departmentName } from '../../../i18n/department-name.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useLanguage, useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { fetchStats } from '../data/admin-dashboard-api.ts';
import { DepartmentSelect } from './admin-department-select.tsx';
import { RecentOrders } from './admin-recent-orders.tsx';
import { StatCards } from './admin-stat-cards.tsx';

// recharts only on this page, from the not-precached admin-charts chunks (vite.config.ts).
const DashboardMetricsChart = lazy(() =>
  import('./admin-charts.tsx').then((module) => ({ default: module.DashboardMetricsChart })),
);

/**
 * The chart's chunk is not precached: offline, before it was ever loaded, import() fails. The
 * figures above it stay; the chart says it could not load, and tries again on the next visit.
 */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Spec section 7: the dashboard orders of this department when none is chosen. */
const defaultOrdersDepartment = dashboardOrdersDepartment;

const lastSeenKey = 'stats';

type Scope = 'all' | DepartmentId;

type StatsState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: OnlineFailure }
  | { kind: 'ready'; stats: Stats };

/**
 * /admin and /admin/dashboard, 'Dashboard Overview' (spec section 2): the four cards for every
 * department or for the one chosen, each with Increase/Decrease against last week (computed by the
 * server, GET /stats), the 'Dashboard Metrics' chart and the chosen department's newest orders.
 * Online only; offline it shows the last figures seen in this tab, with their time.
 */
export function AdminDashboardPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { language } = useLanguage();
  const session = useSession();
  const online = useOnline();
  const token = session?.token ?? '';
  const [scope, setScope] = useState<Scope>('all');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<StatsState>({ kind: 'loading' });
  const [lastSeen, setLastSeen] = useState<LastSeen<Stats> | null>(() =>
    loadLastSeen(lastSeenKey, statsSchema),
  );

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    void fetchStats(token).then((result) => {
      if (!current) return;
      if (result.ok) {
        saveLastSeen(lastSeenKey, result.value);
        setLastSeen(null);
        setState({ kind: 'ready', stats: result.value });
      } else setState({ kind: 'failed', failure: result });
    });
    return () => {
      current = false;
    };
    // Coming back online fetches again.
  }, [token, attempt, online]);

  const retry = () => setAttempt((value) => value + 1);
  const offline = !online || (state.kind === 'failed' && state.failure.reason === 'network');
  const stats = state.kind === 'ready' ? state.stats : offline ? (lastSeen?.value ?? null) : null;
  const figures = !stats
    ? null
    : scope === 'all'
      ? stats.totals
      : (stats.departments.find((entry) => entry.department === scope) ?? null);
  const ordersDepartment = scope === 'all' ? defaultOrdersDepartment : scope;
  const chartData = stats?.departments.map((entry) => ({
    department: departmentName(t, entry.department),
    sales: entry.totalSales,
    orders: entry.totalOrders,
    products: entry.totalProducts,
  }));

  return (
    <Page title={t('admin.dashboard.title')}>
      {offline ? (
        <NeedsConnection lastSeenAt={stats ? lastSeen?.savedAt : null} onRetry={retry} />
      ) : null}
      {state.kind === 'failed' && state.failure.reason !== 'network' ? (
        <Stack gap="2">
          <ErrorBanner>
            {t('admin.error.ordersCount', { code: statusCodeOf(state.failure) })}
          </ErrorBanner>
          <ErrorBanner>{t('admin.error.sales', { code: statusCodeOf(state.failure) })}</ErrorBanner>
          <ErrorBanner>
            {t('admin.error.productsCount', { code: statusCodeOf(state.failure) })}
          </ErrorBanner>
          <ErrorBanner>
            {t('admin.error.users', {
              message: describeFailure(t, translateMessage, state.failure),
            })}
          </ErrorBanner>
        </Stack>
      ) : null}

      <HStack justify="space-between" align="end" wrap="wrap" gap="4">
        <DepartmentSelect
          label={t('admin.dashboard.scope')}
          value={scope}
          empty="all"
          emptyLabel={t('admin.dashboard.all')}
          onChange={setScope}
          maxW="xs"
        />
        {stats ? (
          <Text color="fg.muted" textStyle="sm">
            {t('admin.dashboard.period', {
              start: formatDate(stats.period.startDate, language),
              // endDate is exclusive: the week's last day is the one before it.
              end: formatDate(Date.parse(stats.period.endDate) - 1, language),
            })}
          </Text>
        ) : null}
      </HStack>

      {state.kind === 'loading' && !stats ? (
        <LoadingState label={t('admin.dashboard.loading')} />
      ) : null}
      {figures ? <StatCards figures={figures} /> : null}

      {chartData ? (
        <Card.Root as="section">
          <Card.Header>
            <Heading as="h2" size="md">
              {t('admin.chart.title')}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Box data-testid="dashboard-metrics" minH="320px">
              <ChartBoundary fallback={<Text color="fg.muted">{t('admin.chart.failed')}</Text>}>
                <Suspense fallback={<LoadingState label={t('admin.chart.loading')} />}>
                  <DashboardMetricsChart
                    data={chartData}
                    labels={{
                      sales: t('admin.chart.sales'),
                      orders: t('admin.chart.orders'),
                      products: t('admin.chart.products'),
                    }}
                  />
                </Suspense>
              </ChartBoundary>
            </Box>
          </Card.Body>
        </Card.Root>
      ) : null}

      {online && token ? (
        <RecentOrders token={token} department={ordersDepartment} attempt={attempt} />
      ) : null}
    </Page>
  );
}
