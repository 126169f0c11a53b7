import { Badge, Container, Field, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { clampPage, pageCount, pageSlice } from '../../../../domain/pagination.ts';
import {
  defaultMovementLogSort,
  directionColors,
  searchMovementLogs,
  shortTransactionId,
  sortMovementLogs,
  transferDirection,
  type MovementLogSortKey,
  type SortDirection,
} from '../../../../domain/transfers.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMovementLogs } from '../data/hooks.ts';
import { RefusedWrites } from '../../../components/refused-writes.tsx';
import { LoadFailed } from './load-failed.tsx';
import { SortableHeader } from './sortable-header.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { businessDate } from '../../../../domain/sheet.ts';
import { serverNow } from '../../../sync/server-clock.ts';
import { directionLabels, logTexts, movementLogsSheet } from '../data/movement-logs-export.ts';

const pageSize = 10;

const columns: { key: MovementLogSortKey | 'direction' | 'userEmail'; label: MessageKey }[] = [
  { key: 'transactionId', label: 'transfers.logs.col.transactionId' },
  { key: 'productName', label: 'transfers.logs.col.product' },
  { key: 'origin', label: 'transfers.logs.col.origin' },
  { key: 'destination', label: 'transfers.logs.col.destination' },
  { key: 'transferQuantity', label: 'transfers.logs.col.quantity' },
  { key: 'direction', label: 'transfers.logs.col.direction' },
  { key: 'reason', label: 'transfers.logs.col.reason' },
  { key: 'userEmail', label: 'transfers.logs.col.user' },
  { key: 'transferDate', label: 'transfers.logs.col.date' },
];

/**
 * /$dept/admin/movement-logs: the movement logs from the mirror (works offline), searchable and
 * sortable by any column (default transferDate, newest first; spec section 2). Transaction ids
 * show as their last 8 characters; the direction has a colour AND a label, never colour alone.
 * A transfer still waiting for the server is listed with a pending mark; one the server refused
 * is listed above the table with its reason, Retry and Discard.
 */
export function MovementLogsPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { language } = useLanguage();
  const read = useMovementLogs(dept);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: MovementLogSortKey; direction: SortDirection }>(
    defaultMovementLogSort,
  );
  const [requestedPage, setRequestedPage] = useState(1);
  const title = t('transfers.logs.title');
  const logs = read?.status === 'ok' ? read.value : undefined;
  const shown = useMemo(
    () => sortMovementLogs(searchMovementLogs(logs ?? [], query), sort.key, sort.direction),
    [logs, query, sort],
  );
  const pages = pageCount(shown.length, pageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(shown, page, pageSize);

  const sortBy = (key: MovementLogSortKey) =>
    setSort((current) => ({
      key,
      direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc',
    }));

  return (
    <Container maxW="7xl" py="6">
      <Stack gap="5">
        <PageHeader
          title={title}
          // The logs the search finds, in the table's order.
          actions={
            <ExportButtons
              what={t('inventory.export.what.movementLogs')}
              fileBase={`${dept}-movement-logs-${businessDate(serverNow())}`}
              sheetName={t('inventory.export.sheet.movementLogs')}
              empty={shown.length === 0}
              buildSheet={() => movementLogsSheet(shown, t)}
            />
          }
        />
        <RefusedWrites department={dept} entity="transfers" />
        <Field.Root maxW="md">
          <Field.Label>{t('transfers.logs.search')}</Field.Label>
          <Input
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setRequestedPage(1);
            }}
          />
        </Field.Root>
        {read === undefined ? (
          <LoadingState label={t('transfers.logs.loading')} />
        ) : read.status === 'failed' ? (
          <LoadFailed message={t('transfers.msg.logsFailed')} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('transfers.msg.noLogs')} />
        ) : (
          <>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" striped>
                <Table.Header>
                  <Table.Row>
                    {columns.map((column) =>
                      column.key === 'direction' || column.key === 'userEmail' ? (
                        <Table.ColumnHeader key={column.key}>{t(column.label)}</Table.ColumnHeader>
                      ) : (
                        <SortableHeader
                          key={column.key}
                          label={t(column.label)}
                          direction={sort.key === column.key ? sort.direction : null}
                          onSort={() => sortBy(column.key as MovementLogSortKey)}
                        />
                      ),
                    )}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {visible.map((log) => {
                    const direction = transferDirection(log);
                    const texts = logTexts(log, t);
                    return (
                      <Table.Row key={log._id} data-testid="movement-log-row">
                        <Table.Cell fontFamily="mono" title={log.transactionId}>
                          {shortTransactionId(log.transactionId)}
                        </Table.Cell>
                        <Table.Cell>
                          <Stack gap="1">
                            <Text fontWeight="medium">{log.productName}</Text>
                            {log.pendingOutboxId ? (
                              <Badge colorPalette="orange" variant="outline" alignSelf="start">
                                {t('transfers.pending')}
                              </Badge>
                            ) : null}
                          </Stack>
                        </Table.Cell>
                        <Table.Cell>{texts.origin}</Table.Cell>
                        <Table.Cell>{texts.destination}</Table.Cell>
                        <Table.Cell>{log.transferQuantity}</Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={directionColors[direction]} variant="subtle">
                            {t(directionLabels[direction])}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell maxW="60" whiteSpace="normal">
                          {texts.reason}
                        </Table.Cell>
                        <Table.Cell>{log.userEmail}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          {formatDateTime(log.transferDate, language)}
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Pagination page={page} pages={pages} onPageChange={setRequestedPage} />
          </>
        )}
      </Stack>
    </Container>
  );
}
