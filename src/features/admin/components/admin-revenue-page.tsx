import { Card, Field, NativeSelect, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { businessTimeZone } from '../../../../domain/company.ts';
import { departmentIds, type DepartmentId } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import {
  revenuePeriods,
  revenueSchema,
  type Revenue,
  type RevenuePeriod,
} from '../../../../domain/revenue.ts';
import {
  loadLastSeen,
  NeedsConnection,
  saveLastSeen,
  useOnline,
  type LastSeen,
} from '../../../components/admin-connection.tsx';
import { Page } from '../../../components/page.tsx';
import { departmentName } from '../../../i18n/department-name.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { fetchRevenue } from '../data/admin-revenue-api.ts';

type CardState =
  { kind: 'loading' } | { kind: 'failed'; network: boolean } | { kind: 'ready'; revenue: Revenue };

const periodKeys = {
  day: 'admin.revenue.day',
  week: 'admin.revenue.week',
  month: 'admin.revenue.month',
} as const;

function isRevenuePeriod(value: string): value is RevenuePeriod {
  return (revenuePeriods as readonly string[]).includes(value);
}

const lastSeenSchema = z.record(z.string(), revenueSchema);
/** The company's cards keep their key; a department's own are apart, so neither overwrites the other. */
const lastSeenKey = (period: RevenuePeriod, departments: readonly DepartmentId[]) =>
  departments.length === departmentIds.length
    ? `revenue.${period}`
    : `revenue.${departments.join('+')}.${period}`;

function loadingAll(): Record<DepartmentId, CardState> {
  return Object.fromEntries(departmentIds.map((id) => [id, { kind: 'loading' }])) as Record<
    DepartmentId,
    CardState
  >;
}

/** The period's first and last day, in the shop's time zone. */
function PeriodDates({ revenue }: { revenue: Revenue }) {
  const t = useT();
  const { language } = useLanguage();
  const options = { timeZone: businessTimeZone };
  return (
    <Text as="dd" color="fg.muted" textStyle="sm">
      {t('admin.revenue.range', {
        start: formatDate(revenue.startDate, language, options),
        end: formatDate(revenue.endDate, language, options),
      })}
    </Text>
  );
}

function RevenueCard({ title, state }: { title: string; state: CardState }) {
  const t = useT();
  return (
    <Card.Root size="sm" as="article" aria-label={title}>
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{title}</Stat.Label>
          {state.kind === 'loading' ? (
            <Text as="dd" color="fg.muted">
              {t('admin.revenue.loading')}
            </Text>
          ) : state.kind === 'failed' ? (
            <Text as="dd" color="red.700" role="alert">
              {t('admin.message.revenueFailed')}
            </Text>
          ) : (
            <>
              <Stat.ValueText>{formatTsh(state.revenue.revenue)}</Stat.ValueText>
              <PeriodDates revenue={state.revenue} />
            </>
          )}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /admin/revenue 'Revenue Analytics' (spec section 2): Day / Week / Month, one card per department
 * and the total. Each card is its own call (GET /{dept}/revenue), so one that fails says 'Error
 * fetching data' and the others still show; the total adds the ones that answered and says so.
 */
export function AdminRevenuePage() {
  const t = useT();
  return (
    <Page title={t('admin.revenue.title')}>
      <RevenueCards departments={departmentIds} />
    </Page>
  );
}

/**
 * The period choice and one revenue card per department of `departments`, plus their total when
 * there are several. A department's Figures screen (decision 0038) passes its own department only.
 */
export function RevenueCards({
  departments,
  offlineNotice = true,
}: {
  /** The same array from one render to the next (a constant or memoised): a new one fetches again. */
  departments: readonly DepartmentId[];
  /** False where the page around the cards already says it needs a connection. */
  offlineNotice?: boolean;
}) {
  const t = useT();
  const session = useSession();
  const online = useOnline();
  const token = session?.token ?? '';
  const [period, setPeriod] = useState<RevenuePeriod>('day');
  const [cards, setCards] = useState<Record<DepartmentId, CardState>>(loadingAll);
  const [lastSeen, setLastSeen] = useState<LastSeen<Record<string, Revenue>> | null>(null);

  useEffect(() => {
    let current = true;
    setCards(loadingAll());
    setLastSeen(loadLastSeen(lastSeenKey(period, departments), lastSeenSchema));
    const answered: Record<string, Revenue> = {};
    for (const department of departments) {
      void fetchRevenue(token, department, period).then((result) => {
        if (!current) return;
        if (result.ok) {
          answered[department] = result.value;
          saveLastSeen(lastSeenKey(period, departments), answered);
        }
        setCards((previous) => ({
          ...previous,
          [department]: result.ok
            ? { kind: 'ready', revenue: result.value }
            : { kind: 'failed', network: result.reason === 'network' },
        }));
      });
    }
    return () => {
      current = false;
    };
  }, [token, period, online, departments]);

  const states = departments.map((id) => cards[id]);
  // Every card unreachable: the connection, not the server, is what failed.
  const unreachable = states.every((state) => state.kind === 'failed' && state.network);
  const offline = !online || unreachable;
  // Offline, the last answers seen in this tab stand in for the cards that could not be fetched.
  const shown: Record<DepartmentId, CardState> = { ...cards };
  if (offline && lastSeen) {
    for (const id of departments) {
      const seen = lastSeen.value[id];
      if (shown[id].kind !== 'ready' && seen) shown[id] = { kind: 'ready', revenue: seen };
    }
  }
  const shownReady = departments.flatMap((id) => {
    const state = shown[id];
    return state.kind === 'ready' ? [state.revenue] : [];
  });
  const total = shownReady.reduce((sum, revenue) => sum + revenue.revenue, 0);
  const loading = states.some((state) => state.kind === 'loading');
  const first = shownReady[0];
  const totalState: CardState =
    shownReady.length === 0
      ? loading
        ? { kind: 'loading' }
        : { kind: 'failed', network: unreachable }
      : {
          kind: 'ready',
          revenue: {
            revenue: total,
            period,
            startDate: first?.startDate ?? '',
            endDate: first?.endDate ?? '',
          },
        };

  return (
    <>
      {offlineNotice && offline && !loading ? (
        <NeedsConnection lastSeenAt={lastSeen?.savedAt ?? null} />
      ) : null}
      <Field.Root maxW="xs">
        <Field.Label>{t('admin.revenue.period')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={period}
            onChange={(event) => {
              if (isRevenuePeriod(event.target.value)) setPeriod(event.target.value);
            }}
          >
            {revenuePeriods.map((value) => (
              <option key={value} value={value}>
                {t(periodKeys[value])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {departments.map((id) => (
          <RevenueCard key={id} title={departmentName(t, id)} state={shown[id]} />
        ))}
      </SimpleGrid>
      {departments.length < 2 ? null : (
        <Card.Root size="sm" bg="blue.50" as="article" aria-label={t('admin.revenue.total')}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('admin.revenue.total')}</Stat.Label>
              {totalState.kind === 'ready' ? (
                <>
                  <Stat.ValueText>{formatTsh(totalState.revenue.revenue)}</Stat.ValueText>
                  <PeriodDates revenue={totalState.revenue} />
                  {shownReady.length < departments.length && !loading ? (
                    <Text as="dd" color="fg.muted" textStyle="sm">
                      {t('admin.revenue.totalPartial', {
                        count: shownReady.length,
                        all: departments.length,
                      })}
                    </Text>
                  ) : null}
                </>
              ) : totalState.kind === 'failed' ? (
                <Text as="dd" color="red.700">
                  {t('admin.message.revenueFailed')}
                </Text>
              ) : (
                <Text as="dd" color="fg.muted">
                  {t('admin.revenue.loading')}
                </Text>
              )}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      )}
    </>
  );
}
