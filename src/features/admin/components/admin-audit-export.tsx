import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { businessDate, spreadsheetBlob } from '../../../../domain/spreadsheet.ts';
import { serverNow } from '../../../sync/server-clock.ts';
import { describeFailure } from '../../../components/admin-connection.tsx';
import { downloadBlob } from '../../../components/download-blob.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useAuditT, useTranslateAuditMessage } from '../../../i18n/admin-section-t.ts';
import { departmentName } from '../../../i18n/department-name.ts';
import { useT } from '../../../i18n/i18n.tsx';
import {
  auditExportMax,
  auditExportPageSize,
  fetchAllAuditEntries,
  fetchAuditPage,
} from '../data/admin-audit-api.ts';
import { auditQueryOf, type AuditFilters } from '../data/admin-audit-query.ts';
import { auditSheet } from '../data/admin-audit-values.ts';

/**
 * Export CSV of every entry the applied filters match (fetched page by page, not only the pages
 * on screen), up to `auditExportMax`, with the count so far while it runs.
 */
export function AuditExport({ token, filters }: { token: string; filters: AuditFilters }) {
  const t = useAuditT();
  const appT = useT();
  const translateMessage = useTranslateAuditMessage();
  const [progress, setProgress] = useState<number | null>(null);
  const [capped, setCapped] = useState(false);

  async function run() {
    if (progress !== null) return;
    setProgress(0);
    setCapped(false);
    const result = await fetchAllAuditEntries(
      (cursor) => {
        const query = auditQueryOf(filters, { limit: auditExportPageSize, cursor });
        // The filters were checked when applied; a bad range never reaches this point.
        return query.ok ? query.params : { limit: auditExportPageSize };
      },
      (params) => fetchAuditPage(token, params),
      { onProgress: setProgress },
    );
    setProgress(null);
    if (!result.ok) {
      notifyError(
        t('audit.exportFailed', { message: describeFailure(appT, translateMessage, result) }),
      );
      return;
    }
    const sheet = auditSheet(result.entries, t, (id) => departmentName(appT, id));
    downloadBlob(spreadsheetBlob(sheet, 'csv', 'audit'), `audit_${businessDate(serverNow())}.csv`);
    setCapped(result.capped);
    notifySuccess(t('audit.exported', { count: result.entries.length }));
  }

  return (
    <Stack gap="2" align="start">
      <Button
        variant="outline"
        loading={progress !== null}
        loadingText={t('audit.export')}
        onClick={() => void run()}
      >
        {t('audit.export')}
      </Button>
      <Text textStyle="sm" color="fg.muted">
        {t('audit.exportHint', { max: auditExportMax.toLocaleString('en-GB') })}
      </Text>
      <Text textStyle="sm" role="status" aria-live="polite">
        {progress !== null
          ? t('audit.exporting', { count: progress })
          : capped
            ? t('audit.exportCapped', { max: auditExportMax.toLocaleString('en-GB') })
            : ''}
      </Text>
    </Stack>
  );
}
