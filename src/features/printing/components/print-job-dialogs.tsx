import { Box, Dialog } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { ConfirmCommandDialog } from '../../../components/confirm-command-dialog.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import { useCommand } from '../../../hooks/use-command.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { deletePrintJob } from '../commands/delete-print-job.ts';
import { editPrintJob } from '../commands/edit-print-job.ts';
import { FormError } from './form-error.tsx';
import { PrintJobFields } from './print-job-fields.tsx';
import { checkDraft, draftOf, type PrintJobDraft } from './print-job-form.ts';
import { FormActions } from '../../../components/form-actions.tsx';

/**
 * Edit Order (admins): the full print job, as PUT /printing/orders/{id} takes it (spec section
 * 7), with Cancel and Save Changes; optimistic and queued like every write.
 */
export function EditPrintJobDialog({
  job,
  onClose,
}: {
  job: PrintingOrderRecord | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ModalDialog
      open={job !== null}
      onClose={onClose}
      title={t('printing.edit.title')}
      scrollInside
    >
      {/* Keyed by job so the form starts from that job's fields each time. */}
      {job ? <EditPrintJobForm key={job._id} job={job} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function EditPrintJobForm({ job, onClose }: { job: PrintingOrderRecord; onClose: () => void }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const [draft, setDraft] = useState<PrintJobDraft>(() => draftOf(job));
  const [error, setError] = useState<string | null>(null);
  const { run, processing } = useCommand(editPrintJob, t('printing.updateFailed'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setError(translateMessage(checked.message));
      return;
    }
    const result = await run(job._id, checked.input);
    if (result.ok) {
      notifySuccess(t('printing.updated'), undefined, result.entryId);
      onClose();
    } else {
      notifyError(t('printing.error', { message: result.message }));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Dialog.Body>
        <PrintJobFields
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            setError(null);
          }}
          disabled={processing}
          idPrefix="edit-job"
        />
        <Box mt="4">
          <FormError message={error} />
        </Box>
      </Dialog.Body>
      <Dialog.Footer>
        <FormActions
          submitLabel={t('printing.edit.save')}
          busyLabel={t('printing.edit.saving')}
          busy={processing}
          onCancel={onClose}
        />
      </Dialog.Footer>
    </form>
  );
}

/** Confirm Delete (admins), with the spec's text. */
export function DeletePrintJobDialog({
  job,
  onClose,
}: {
  job: PrintingOrderRecord | null;
  onClose: () => void;
}) {
  const t = useT();
  const { run, processing } = useCommand(deletePrintJob, t('printing.deleteFailed'));
  return (
    <ConfirmCommandDialog
      open={job !== null}
      onClose={onClose}
      run={() => (job ? run(job._id) : Promise.resolve({ ok: true as const }))}
      processing={processing}
      success={t('printing.deleted')}
      failure={(message) => t('printing.error', { message })}
      title={t('printing.delete.title')}
      text={t('printing.delete.text')}
      confirmLabel={t('printing.orders.delete')}
    />
  );
}
