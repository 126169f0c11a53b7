import { Container, Stack } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import { SuccessDialog } from '../../../components/success-dialog.tsx';
import { useCommand } from '../../../hooks/use-command.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { submitPrintJob } from '../commands/submit-print-job.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { clearDraft, loadDraft, saveDraft } from './draft-store.ts';
import { FormError } from './form-error.tsx';
import { PrintJobFields } from './print-job-fields.tsx';
import { checkDraft, emptyDraft, type PrintJobDraft } from './print-job-form.ts';
import { FormActions } from '../../../components/form-actions.tsx';

/**
 * /printing: the submit-work form. The job is checked with the domain schema, then written to
 * the device and queued (it reaches the server when it can); the form empties only once the job
 * is safely queued. Until then, and across a reload, what was typed is kept (draft-store.ts).
 */
export function SubmitWorkPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const userId = useSession()?.user._id ?? '';
  const [draft, setDraft] = useState<PrintJobDraft>(() => loadDraft(userId) ?? emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submittedEntry, setSubmittedEntry] = useState<string | undefined>(undefined);
  const { run, processing } = useCommand(submitPrintJob, t('printing.createFailed'));
  const closeSuccess = useCallback(() => setSubmitted(false), []);

  function change(next: PrintJobDraft) {
    setDraft(next);
    setError(null);
    saveDraft(userId, next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setError(translateMessage(checked.message));
      return;
    }
    const result = await run(checked.input);
    if (!result.ok) {
      // Nothing is cleared: the user fixes or simply submits again.
      setError(t('printing.createError', { message: result.message }));
      return;
    }
    clearDraft(userId);
    setDraft(emptyDraft);
    setSubmittedEntry(result.entryId);
    setSubmitted(true);
  }

  return (
    <Container maxW="2xl" py="6">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5">
          <PageHeader title={t('printing.submit.title')} />
          <PrintJobFields draft={draft} onChange={change} disabled={processing} idPrefix="job" />
          <FormError message={error} />
          <FormActions
            submitLabel={t('printing.submit.button')}
            busyLabel={t('printing.submit.sending')}
            busy={processing}
            size="lg"
          />
        </Stack>
      </form>
      <SuccessDialog
        open={submitted}
        entryId={submittedEntry}
        onClose={closeSuccess}
        title={t('printing.submitted')}
        text={t('printing.submittedText')}
        actionLabel={t('printing.continue')}
      />
    </Container>
  );
}
