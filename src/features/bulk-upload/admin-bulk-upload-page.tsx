import { Alert, Button, Container, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { bulkUploadMessages } from '../../../domain/bulk-upload-messages.ts';
import type { BulkUploadResult, BulkUploadRow } from '../../../domain/bulk-upload.ts';
import { SuccessDialog } from '../../components/success-dialog.tsx';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { useSession } from '../../session/session.ts';
import { syncNow } from '../../sync/sync-engine.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { uploadBulkFile, type UploadOutcome } from './admin-bulk-upload-api.ts';
import { BulkUploadGuide } from './admin-bulk-upload-guide.tsx';
import { PreviewTable } from './admin-bulk-upload-preview.tsx';
import { DropZone } from './admin-drop-zone.tsx';
import { createFileReader, type FileReader } from './admin-read-file.ts';
import { ErrorBanner } from '../../components/admin-connection.tsx';
import '../../i18n/screen-words-bulk-upload.ts';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

type Preview =
  | { kind: 'none' }
  | { kind: 'reading'; file: File }
  | { kind: 'refused'; file: File; message: string }
  | { kind: 'rows'; file: File; rows: BulkUploadRow[] };

/** The rows with the server's per-row errors added (a row the server flagged shows them too). */
function withServerErrors(
  rows: BulkUploadRow[],
  errors: readonly { row: number; errors: string[] }[],
): BulkUploadRow[] {
  const byRow = new Map(errors.map((entry) => [entry.row, entry.errors]));
  return rows.map((row) => {
    const extra = (byRow.get(row.row) ?? []).filter((error) => !row.errors.includes(error));
    return extra.length > 0 ? { ...row, errors: [...row.errors, ...extra] } : row;
  });
}

/**
 * /godown/admin/bulk-upload (admins): choose or drop one .csv/.xlsx file, see it read in a Web
 * Worker with the server's rules (preview with every bad row marked), then Confirm Upload. Online
 * only: offline it says so and keeps Confirm off, while the preview still works. All or nothing
 * on the server; its per-row errors are shown in the same table.
 */
export function AdminBulkUploadPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const online = useOnline();
  const guideId = useId();
  const [guideOpen, setGuideOpen] = useState(false);
  const [preview, setPreview] = useState<Preview>({ kind: 'none' });
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // null: not uploading; a number: fraction sent; 'saving': all sent, the server is at work.
  const [progress, setProgress] = useState<number | 'saving' | null>(null);
  const [success, setSuccess] = useState<BulkUploadResult | null>(null);
  const closeSuccess = useCallback(() => setSuccess(null), []);
  // A newer file wins over a slower read of an older one.
  const readCounter = useRef(0);
  const reader = useRef<FileReader | null>(null);
  useEffect(() => {
    const created = createFileReader();
    reader.current = created;
    return () => {
      created.dispose();
      if (reader.current === created) reader.current = null;
    };
  }, []);

  const uploading = progress !== null;
  const rows = preview.kind === 'rows' ? preview.rows : [];
  const badRows = rows.filter((row) => row.errors.length > 0).length;
  const canConfirm =
    preview.kind === 'rows' &&
    rows.length > 0 &&
    badRows === 0 &&
    online &&
    !uploading &&
    !!session;

  async function choose(files: File[]) {
    const file = files[0];
    if (!file) return;
    setNotice(files.length > 1 ? t('bulkUpload.oneFile', { name: file.name }) : null);
    setFailure(null);
    const id = (readCounter.current += 1);
    setPreview({ kind: 'reading', file });
    reader.current ??= createFileReader();
    const reading = await reader.current.read(file);
    if (id !== readCounter.current) return;
    setPreview(
      reading.ok
        ? { kind: 'rows', file, rows: reading.rows }
        : { kind: 'refused', file, message: reading.refusal.message },
    );
  }

  function cancel() {
    readCounter.current += 1;
    setPreview({ kind: 'none' });
    setNotice(null);
    setFailure(null);
  }

  function describe(outcome: Exclude<UploadOutcome, { kind: 'ok' }>): string {
    if (outcome.kind === 'network') return t('bulkUpload.offlineTitle');
    if (outcome.kind === 'invalid-response') {
      return t('bulkUpload.failed', { message: t('bulkUpload.failedInvalid') });
    }
    return t('bulkUpload.failed', { message: translateMessage(outcome.message) });
  }

  async function confirm() {
    if (preview.kind !== 'rows' || !session) return;
    setFailure(null);
    setProgress(0);
    const outcome = await uploadBulkFile(preview.file, session.token, (sent) =>
      setProgress(sent === null ? 'saving' : sent),
    );
    setProgress(null);
    if (outcome.kind === 'ok') {
      setPreview({ kind: 'none' });
      setSuccess(outcome.result);
      // Bring the new stock into this device's mirror now rather than at the next timer.
      void syncNow();
      return;
    }
    if (outcome.kind === 'refused' && outcome.errors) {
      setPreview({ ...preview, rows: withServerErrors(preview.rows, outcome.errors) });
      setFailure(t('bulkUpload.serverRows'));
      return;
    }
    setFailure(describe(outcome));
  }

  return (
    <Container maxW="6xl" py="6">
      <Stack gap="5">
        <PageHeader
          title={t('bulkUpload.title')}
          intro={t('bulkUpload.intro')}
          actions={
            <Button
              variant="outline"
              aria-expanded={guideOpen}
              aria-controls={guideId}
              onClick={() => setGuideOpen((open) => !open)}
            >
              {guideOpen ? t('bulkUpload.hideGuide') : t('bulkUpload.showGuide')}
            </Button>
          }
        />

        {guideOpen ? <BulkUploadGuide id={guideId} /> : null}

        {!online ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('bulkUpload.offlineTitle')}</Alert.Title>
              <Alert.Description>{t('bulkUpload.offlineText')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <DropZone onFiles={(files) => void choose(files)} disabled={uploading} />
        {notice ? <Text color="orange.700">{notice}</Text> : null}

        {preview.kind !== 'none' ? (
          <Text>{t('bulkUpload.chosen', { name: preview.file.name })}</Text>
        ) : null}
        {preview.kind === 'reading' ? (
          <Progress.Root value={null} size="sm" aria-label={t('bulkUpload.reading')}>
            <Progress.Label>{t('bulkUpload.reading')}</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
        {preview.kind === 'refused' ? (
          <ErrorBanner>{translateMessage(preview.message)}</ErrorBanner>
        ) : null}

        {preview.kind === 'rows' ? (
          <Stack gap="3">
            <Heading as="h2" size="lg">
              {t('bulkUpload.previewTitle')}
            </Heading>
            <Text>{t('bulkUpload.summary', { count: rows.length, name: preview.file.name })}</Text>
            {badRows > 0 ? (
              <ErrorBanner>{t('bulkUpload.summaryErrors', { count: badRows })}</ErrorBanner>
            ) : null}
            <PreviewTable rows={rows} />
          </Stack>
        ) : null}

        {failure ? <ErrorBanner>{failure}</ErrorBanner> : null}

        {uploading ? (
          <Progress.Root
            value={progress === 'saving' ? null : Math.round(progress * 100)}
            size="sm"
            aria-label={t('bulkUpload.progress')}
          >
            <Progress.Label>
              {progress === 'saving'
                ? t('bulkUpload.progressSaving')
                : t('bulkUpload.progressSent', { percent: Math.round(progress * 100) })}
            </Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}

        {preview.kind !== 'none' ? (
          <HStack gap="3">
            <Button
              colorPalette="blue"
              disabled={!canConfirm}
              loading={uploading}
              loadingText={t('bulkUpload.uploading')}
              onClick={() => void confirm()}
            >
              {t('bulkUpload.confirm')}
            </Button>
            <Button variant="outline" disabled={uploading} onClick={cancel}>
              {t('bulkUpload.cancel')}
            </Button>
          </HStack>
        ) : null}
      </Stack>

      <SuccessDialog
        open={success !== null}
        onClose={closeSuccess}
        title={translateMessage(bulkUploadMessages.success)}
        text={
          success
            ? t('bulkUpload.successCounts', { created: success.created, updated: success.updated })
            : ''
        }
        actionLabel={t('bulkUpload.close')}
      />
    </Container>
  );
}
