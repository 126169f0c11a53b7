import {
  Box,
  Button,
  Container,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { countProgress, stockCountMessages } from '../../../../domain/stock-counts.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import type { CountDraftRecord, StockCountRecord } from '../../../db/database.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { CommandError } from '../../../sync/command-error.ts';
import { useSyncStatus } from '../../../sync/use-sync-status.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { openCountAt, startStockCount } from '../commands/start-stock-count.ts';
import { useCountDrafts, useLocations, useStockCounts } from '../data/hooks.ts';
import { CountStatusBadge } from './count-status-badge.tsx';

/**
 * /$dept/counts (issue 15 item 2): start a count of a location, and every count of the department
 * with how far it has come, read from the mirror so the list works offline. Starting is queued
 * like every write; the count opens for counting once the server has taken its snapshot.
 */
export function StockCountsPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const counts = useStockCounts(dept);
  const drafts = useCountDrafts();
  const title = t('stockCounts.title');
  return (
    <Container maxW="6xl" py="6">
      <PageHeader title={title} intro={t('stockCounts.intro')} mb="5" />
      <StartCountForm dept={dept} />
      <Box mt="8">
        <Heading as="h2" size="lg" mb="3">
          {t('stockCounts.list.title')}
        </Heading>
        {counts === undefined ? (
          <LoadingState label={t('stockCounts.loading')} />
        ) : counts.status === 'failed' ? (
          <Text role="alert" color="red.700">
            {t('stockCounts.readFailed')}
          </Text>
        ) : counts.value.length === 0 ? (
          <EmptyState
            title={t('stockCounts.list.empty')}
            description={t('stockCounts.list.emptyHint')}
          />
        ) : (
          <DataTable
            label={t('stockCounts.list.title')}
            columns={[
              t('stockCounts.col.location'),
              t('stockCounts.col.status'),
              t('stockCounts.col.started'),
              t('stockCounts.col.progress'),
              t('stockCounts.col.actions'),
            ]}
          >
            {counts.value.map((count) => (
              <CountRow key={count._id} dept={dept} count={count} draft={drafts?.get(count._id)} />
            ))}
          </DataTable>
        )}
      </Box>
    </Container>
  );
}

function StartCountForm({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const navigate = useNavigate();
  const locations = useLocations(dept);
  // Before the first sync has brought any product, 'no locations' would be a false alarm.
  const { syncing, lastSyncedAt } = useSyncStatus();
  const [location, setLocation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const translateMessage = useTranslateMessage();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    setProblem(null);
    if (location === '') {
      setProblem(t('stockCounts.msg.locationRequired'));
      return;
    }
    setProcessing(true);
    try {
      // Another tablet (or this one) already counts there: join that count instead of refusing.
      const open = await openCountAt(dept, location);
      if (open) {
        notifySuccess(t('stockCounts.start.joined', { location: open.location }));
        await navigate({ to: '/$dept/counts/$id', params: { dept, id: open._id } });
        return;
      }
      const { id } = await startStockCount(dept, { location });
      notifySuccess(t('stockCounts.start.queued', { location }));
      await navigate({ to: '/$dept/counts/$id', params: { dept, id } });
    } catch (error) {
      setProblem(
        error instanceof CommandError
          ? translateMessage(error.message)
          : translateMessage(stockCountMessages.failed),
      );
    } finally {
      setProcessing(false);
    }
  }

  const options = locations?.status === 'ok' ? locations.value : [];
  return (
    <Box borderWidth="1px" rounded="md" p="4" asChild>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Heading as="h2" size="md" mb="3">
          {t('stockCounts.start.title')}
        </Heading>
        <HStack align="end" gap="3" wrap="wrap">
          <Field.Root invalid={problem !== null} maxW="sm" required>
            <Field.Label>{t('stockCounts.start.location')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={location}
                onChange={(event) => {
                  setLocation(event.target.value);
                  setProblem(null);
                }}
              >
                <option value="">{t('stockCounts.start.choose')}</option>
                {options.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : null}
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={processing} minH="11">
            {t('stockCounts.start.action')}
          </Button>
        </HStack>
        {locations?.status === 'ok' && options.length === 0 ? (
          <Text mt="2" color="fg.muted" role="status">
            {syncing || lastSyncedAt === null
              ? t('stockCounts.start.loadingLocations')
              : t('stockCounts.start.noLocations')}
          </Text>
        ) : null}
      </form>
    </Box>
  );
}

function CountRow({
  dept,
  count,
  draft,
}: {
  dept: ProductDepartmentId;
  count: StockCountRecord;
  draft: CountDraftRecord | undefined;
}) {
  const t = useT();
  const { language } = useLanguage();
  const progress =
    count.status === 'open'
      ? countProgress(count.lines, draft?.counted ?? {})
      : {
          done: count.lines.filter((line) => line.counted !== null).length,
          total: count.lines.length,
        };
  const counting = count.status === 'open' && !count.pendingOutboxId;
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{count.location}</Table.Cell>
      <Table.Cell>
        <CountStatusBadge count={count} />
      </Table.Cell>
      <Table.Cell>
        {formatDateTime(count.startedAt, language)}
        <Text as="span" display="block" color="fg.muted" fontSize="sm">
          {count.startedBy}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {t('stockCounts.progressShort', { done: progress.done, total: progress.total })}
      </Table.Cell>
      <Table.Cell>
        <Button asChild variant="outline" size="sm" minH="11">
          <Link
            to="/$dept/counts/$id"
            params={{ dept, id: count._id }}
            aria-label={
              counting
                ? t('stockCounts.action.continueOf', { location: count.location })
                : t('stockCounts.action.viewOf', { location: count.location })
            }
          >
            {counting ? t('stockCounts.action.continue') : t('stockCounts.action.view')}
          </Link>
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
