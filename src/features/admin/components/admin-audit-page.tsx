import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { AuditEntryJson } from '../../../../domain/audit.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import {
  describeFailure,
  ErrorBanner,
  NeedsConnection,
  useOnline,
} from '../../../components/admin-connection.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { useAuditT, useTranslateAuditMessage } from '../../../i18n/admin-section-t.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { fetchUsers } from '../../users/admin-users-api.ts';
import { fetchAuditPage } from '../data/admin-audit-api.ts';
import { auditQueryOf, emptyAuditFilters, type AuditFilters } from '../data/admin-audit-query.ts';
import { AuditEntryCard } from './admin-audit-entry.tsx';
import { AuditExport } from './admin-audit-export.tsx';
import { AuditFiltersForm, type AuditUserOption } from './admin-audit-filters.tsx';

/** Entries per page; "Load older entries" appends the next page below the ones shown. */
export const auditPageSize = 50;

type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: OnlineFailure }
  | {
      kind: 'ready';
      entries: AuditEntryJson[];
      cursor: string | null;
      more: { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; failure: OnlineFailure };
    };

function useAuditUsers(token: string): { users: AuditUserOption[]; problem?: string } {
  const t = useAuditT();
  const appT = useT();
  const translateMessage = useTranslateAuditMessage();
  const [users, setUsers] = useState<AuditUserOption[]>([]);
  const [failure, setFailure] = useState<OnlineFailure | null>(null);
  useEffect(() => {
    let current = true;
    void fetchUsers(token).then((result) => {
      if (!current) return;
      if (!result.ok) return setFailure(result);
      setFailure(null);
      setUsers(
        result.value
          .map((user) => ({ id: user._id, email: user.email }))
          .sort((a, b) => a.email.localeCompare(b.email)),
      );
    });
    return () => {
      current = false;
    };
  }, [token]);
  return failure
    ? {
        users,
        problem: t('audit.filter.usersFailed', {
          message: describeFailure(appT, translateMessage, failure),
        }),
      }
    : { users };
}

/**
 * /admin/audit: the audit trail (GET /audit), newest first, filtered on the server by who, what,
 * department and days; each entry with its server time, its tablet time when it was made offline,
 * and its fields before and after. Online only, like every admin screen.
 */
export function AdminAuditPage() {
  const t = useAuditT();
  const appT = useT();
  const translateMessage = useTranslateAuditMessage();
  const session = useSession();
  const online = useOnline();
  const token = session?.token ?? '';
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState>({ kind: 'loading' });
  const { users, problem } = useAuditUsers(token);
  // Answers to an older request (filters changed meanwhile) are dropped.
  const generation = useRef(0);

  useEffect(() => {
    const mine = ++generation.current;
    const query = auditQueryOf(filters, { limit: auditPageSize });
    if (!query.ok) return;
    setState({ kind: 'loading' });
    void fetchAuditPage(token, query.params).then((result) => {
      if (mine !== generation.current) return;
      setState(
        result.ok
          ? { kind: 'ready', ...result.value, more: { kind: 'idle' } }
          : { kind: 'failed', failure: result },
      );
    });
  }, [token, filters, attempt, online]);

  async function loadMore() {
    if (state.kind !== 'ready' || state.cursor === null || state.more.kind === 'loading') return;
    const query = auditQueryOf(filters, { limit: auditPageSize, cursor: state.cursor });
    if (!query.ok) return;
    const mine = generation.current;
    setState({ ...state, more: { kind: 'loading' } });
    const result = await fetchAuditPage(token, query.params);
    if (mine !== generation.current) return;
    setState((current) =>
      current.kind !== 'ready'
        ? current
        : result.ok
          ? {
              kind: 'ready',
              entries: [...current.entries, ...result.value.entries],
              cursor: result.value.cursor,
              more: { kind: 'idle' },
            }
          : { ...current, more: { kind: 'failed', failure: result } },
    );
  }

  const failureText = (failure: OnlineFailure) =>
    t('audit.failed', { message: describeFailure(appT, translateMessage, failure) });
  const retry = () => setAttempt((value) => value + 1);

  return (
    <Page title={t('audit.title')}>
      <Stack gap="6">
        <Card.Root>
          <Card.Body gap="4">
            <AuditFiltersForm
              applied={filters}
              users={users}
              usersProblem={problem}
              onApply={(next) => {
                setFilters(next);
                setAttempt((value) => value + 1);
              }}
            />
            <AuditExport token={token} filters={filters} />
          </Card.Body>
        </Card.Root>
        {state.kind === 'loading' ? (
          <LoadingState label={t('audit.loading')} />
        ) : state.kind === 'failed' ? (
          !online || state.failure.reason === 'network' ? (
            <NeedsConnection onRetry={retry} />
          ) : (
            <Stack gap="3" align="start">
              <ErrorBanner>{failureText(state.failure)}</ErrorBanner>
              <Button variant="outline" onClick={retry}>
                {t('audit.retry')}
              </Button>
            </Stack>
          )
        ) : state.entries.length === 0 ? (
          <EmptyState title={t('audit.empty')} />
        ) : (
          <Stack gap="4">
            <Text color="fg.muted" role="status">
              {t('audit.shown', { count: state.entries.length })}
            </Text>
            <Stack as="ul" gap="3" listStyleType="none">
              {state.entries.map((entry) => (
                <AuditEntryCard key={entry._id} entry={entry} />
              ))}
            </Stack>
            {state.more.kind === 'failed' ? (
              <ErrorBanner>{failureText(state.more.failure)}</ErrorBanner>
            ) : null}
            <HStack justify="center">
              {state.cursor !== null ? (
                <Button
                  variant="outline"
                  loading={state.more.kind === 'loading'}
                  onClick={() => void loadMore()}
                >
                  {state.more.kind === 'failed' ? t('audit.retry') : t('audit.loadMore')}
                </Button>
              ) : (
                <Box color="fg.muted">{t('audit.end')}</Box>
              )}
            </HStack>
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
