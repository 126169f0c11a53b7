import {
  Box,
  Button,
  Card,
  Field,
  HStack,
  Input,
  Progress,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { DepartmentId } from '../../../../domain/departments.ts';
import { reportQuerySchema, type ReportQuery } from '../../../../domain/reports.ts';
import { spreadsheetBlob } from '../../../../domain/spreadsheet.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import {
  ErrorBanner,
  NeedsConnection,
  describeFailure,
  useOnline,
} from '../../../components/admin-connection.tsx';
import { downloadBlob } from '../../../components/download-blob.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { Page } from '../../../components/page.tsx';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { reportSheet } from '../data/admin-report-export.ts';
import { fetchReportPdf, fetchReportRows } from '../data/admin-reports-api.ts';
import { DepartmentSelect } from './admin-department-select.tsx';

type Busy = null | 'pdf' | 'csv' | 'xlsx';

/**
 * /admin/reports 'Analytics Reports' (spec sections 2, 5, 8): category, start and end date, then
 * Generate Report, which downloads '{category}_report.pdf' made on the server. The same orders
 * export as CSV or XLSX, written here from the report's rows with formulas neutralised. `after`
 * is what the app places below (the products export, which works offline).
 */
export function AdminReportsPage({ after }: { after?: ReactNode }) {
  const t = useT();
  const online = useOnline();
  return (
    <Page title={t('admin.reports.title')}>
      {!online ? <NeedsConnection /> : null}
      <Box maxW="2xl">
        <ReportsForm />
        {after ? <Box mt="6">{after}</Box> : null}
      </Box>
    </Page>
  );
}

/**
 * The report form. With `dept` (a department's Figures screen, decision 0038) the category is that
 * department and no choice is offered: its manager may ask for no other.
 */
export function ReportsForm({ dept }: { dept?: DepartmentId }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const [chosen, setCategory] = useState<DepartmentId | ''>('');
  const category = dept ?? chosen;
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<Busy>(null);
  const token = session?.token ?? '';

  /** The query when every field is filled and valid; otherwise says why and returns null. */
  function validQuery(): { department: DepartmentId; query: ReportQuery } | null {
    if (category === '' || startDate === '' || endDate === '') {
      setError(t('admin.message.selectAll'));
      return null;
    }
    const parsed = reportQuerySchema.safeParse({ startDate, endDate });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return null;
    }
    setError(undefined);
    return { department: category, query: parsed.data };
  }

  function reportFailure(failure: OnlineFailure) {
    notifyError(
      failure.reason === 'network'
        ? t('admin.message.reportNetwork')
        : t('admin.message.reportFailed'),
    );
  }

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const valid = validQuery();
    if (!valid) return;
    setBusy('pdf');
    const result = await fetchReportPdf(token, valid.department, valid.query);
    setBusy(null);
    if (!result.ok) return reportFailure(result);
    downloadBlob(result.value, `${valid.department}_report.pdf`);
    notifySuccess(t('admin.message.generated'));
  }

  async function exportAs(kind: 'csv' | 'xlsx') {
    if (busy) return;
    const valid = validQuery();
    if (!valid) return;
    setBusy(kind);
    const result = await fetchReportRows(token, valid.department, valid.query);
    setBusy(null);
    if (!result.ok) {
      notifyError(
        t('admin.reports.exportFailed', {
          message: describeFailure(t, translateMessage, result),
        }),
      );
      return;
    }
    const sheet = reportSheet(result.value, {
      date: t('admin.reports.col.date'),
      orderId: t('admin.reports.col.orderId'),
      product: t('admin.reports.col.product'),
      quantity: t('admin.reports.col.quantity'),
      unitPrice: t('admin.reports.col.unitPrice'),
      total: t('admin.reports.col.total'),
      orders: t('admin.reports.summary.orders'),
      units: t('admin.reports.summary.units'),
      revenue: t('admin.reports.summary.revenue'),
    });
    const file = `${valid.department}_report.${kind}`;
    downloadBlob(spreadsheetBlob(sheet, kind, `${valid.department} report`), file);
    notifySuccess(t('admin.reports.exported', { file }));
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Description>
          {t(dept ? 'admin.reports.introDepartment' : 'admin.reports.intro')}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={(event) => void generate(event)}>
          <Stack gap="4">
            {error ? <ErrorBanner>{error}</ErrorBanner> : null}
            {dept ? null : (
              <DepartmentSelect
                label={t('admin.reports.category')}
                value={category}
                empty=""
                emptyLabel={t('admin.reports.chooseCategory')}
                onChange={setCategory}
                required
              />
            )}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root required>
                <Field.Label>{t('admin.reports.startDate')}</Field.Label>
                <Input
                  type="date"
                  value={startDate}
                  onChange={(event) => setStartDate(event.target.value)}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('admin.reports.endDate')}</Field.Label>
                <Input
                  type="date"
                  value={endDate}
                  onChange={(event) => setEndDate(event.target.value)}
                />
              </Field.Root>
            </SimpleGrid>
            {busy === 'pdf' ? (
              <Progress.Root value={null} size="sm" aria-label={t('admin.reports.generating')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
            <HStack gap="3" wrap="wrap">
              <Button
                type="submit"
                colorPalette="blue"
                disabled={category === '' || busy !== null}
                loading={busy === 'pdf'}
                loadingText={t('admin.reports.generating')}
              >
                {t('admin.reports.generate')}
              </Button>
              <Button
                variant="outline"
                disabled={category === '' || busy !== null}
                loading={busy === 'csv'}
                loadingText={t('admin.reports.exporting')}
                onClick={() => void exportAs('csv')}
              >
                {t('admin.reports.exportCsv')}
              </Button>
              <Button
                variant="outline"
                disabled={category === '' || busy !== null}
                loading={busy === 'xlsx'}
                loadingText={t('admin.reports.exporting')}
                onClick={() => void exportAs('xlsx')}
              >
                {t('admin.reports.exportXlsx')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
