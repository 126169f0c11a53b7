import { Badge, Button, Container, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { departments } from '../../../../domain/departments.ts';
import { canManageDepartment } from '../../../../domain/permissions.ts';
import { formatTsh } from '../../../../domain/money.ts';
import type { OrderPeriod } from '../../../../domain/orders.ts';
import { clampPage, pageCount, pageSlice } from '../../../../domain/pagination.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { PeriodTabs } from '../../../components/period-tabs.tsx';
import { EditDeleteButtons } from '../../../components/row-actions.tsx';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RefusedWrites } from '../../../components/refused-writes.tsx';
import { printingDepartment } from '../data/printing-wire.ts';

import { usePrintJobs } from '../data/hooks.ts';
import { jobsInPeriod } from '../data/queries.ts';
import { serverNow } from '../../../sync/server-clock.ts';
import { receiptNumberOf } from '../receipt/receipt-content.ts';
import { DeletePrintJobDialog, EditPrintJobDialog } from './print-job-dialogs.tsx';

/** Orders per page: the printing descriptor's (6, spec section 9). */
const pageSize = departments.printing.ordersPageSize;

/** /printing/orders: period tabs, a paged table, Details for all, Edit and Delete for admins. */
export function PrintOrdersPage() {
  const t = useT();
  const jobs = usePrintJobs();
  const [period, setPeriod] = useState<OrderPeriod>('all');
  const [requestedPage, setRequestedPage] = useState(1);
  const filtered = useMemo(() => jobsInPeriod(jobs ?? [], period, serverNow()), [jobs, period]);
  const pages = pageCount(filtered.length, pageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(filtered, page, pageSize);

  return (
    <Container maxW="6xl" py="6">
      <Stack gap="5">
        <PageHeader title={t('printing.orders.title')} />
        <RefusedWrites department={printingDepartment} entity="printing" />
        <PeriodTabs
          period={period}
          onPeriodChange={(next) => {
            setPeriod(next);
            setRequestedPage(1);
          }}
          label={t('printing.orders.tabsLabel')}
          labels={{
            all: t('printing.orders.tab.all'),
            today: t('printing.orders.tab.today'),
            week: t('printing.orders.tab.week'),
            month: t('printing.orders.tab.month'),
          }}
        >
          {jobs === undefined ? (
            <LoadingState label={t('printing.orders.loading')} />
          ) : visible.length === 0 ? (
            <EmptyState
              title={
                period === 'all' ? t('printing.orders.empty') : t('printing.orders.emptyPeriod')
              }
            />
          ) : (
            <>
              <PrintJobsTable jobs={visible} />
              <Pagination page={page} pages={pages} onPageChange={setRequestedPage} />
            </>
          )}
        </PeriodTabs>
      </Stack>
    </Container>
  );
}

function PrintJobsTable({ jobs }: { jobs: PrintingOrderRecord[] }) {
  const t = useT();
  const session = useSession();
  // The department's manager edits and deletes print jobs like an admin (decision 0038).
  const isAdmin = session ? canManageDepartment(session.user, printingDepartment) : false;
  const [editing, setEditing] = useState<PrintingOrderRecord | null>(null);
  const [deleting, setDeleting] = useState<PrintingOrderRecord | null>(null);
  return (
    <>
      <DataTable
        columns={[
          t('printing.orders.col.description'),
          t('printing.orders.col.quantity'),
          t('printing.orders.col.total'),
          t('printing.orders.col.actions'),
        ]}
      >
        {jobs.map((job) => {
          const name = receiptNumberOf(job).number;
          return (
            <Table.Row key={job._id}>
              <Table.Cell maxW="sm">
                <Text fontWeight="medium" lineClamp={2}>
                  {job.description}
                </Text>
                <HStack gap="2" mt="1">
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {name}
                  </Text>
                  {job.pendingOutboxId ? (
                    <Badge colorPalette="yellow" variant="subtle" size="sm">
                      {t('printing.orders.waitingToSync')}
                    </Badge>
                  ) : null}
                </HStack>
              </Table.Cell>
              <Table.Cell>{t('printing.orders.units', { count: job.quantity })}</Table.Cell>
              <Table.Cell>{formatTsh(job.totalPrice)}</Table.Cell>
              <Table.Cell>
                <HStack gap="2" wrap="wrap">
                  <Button asChild size="xs" variant="outline">
                    <Link
                      to="/printing/orders/$id"
                      params={{ id: job._id }}
                      aria-label={t('printing.orders.detailsOf', { name })}
                    >
                      {t('printing.orders.details')}
                    </Link>
                  </Button>
                  {isAdmin ? (
                    <EditDeleteButtons
                      editText={t('printing.orders.edit')}
                      editLabel={t('printing.orders.editOf', { name })}
                      onEdit={() => setEditing(job)}
                      deleteText={t('printing.orders.delete')}
                      deleteLabel={t('printing.orders.deleteOf', { name })}
                      onDelete={() => setDeleting(job)}
                    />
                  ) : null}
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </DataTable>
      {isAdmin ? (
        <>
          <EditPrintJobDialog job={editing} onClose={() => setEditing(null)} />
          <DeletePrintJobDialog job={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </>
  );
}
