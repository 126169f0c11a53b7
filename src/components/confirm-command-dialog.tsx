import type { CommandOutcome } from '../hooks/use-command.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { notifyError, notifySuccess } from './notify.ts';

/**
 * A confirmation that runs a command (an offline write, e.g. a delete) when confirmed: success is
 * announced and the dialog closes; a refusal is announced and the dialog stays open, so nothing
 * is lost and the user can try again or cancel. Every delete dialog shares this.
 */
export function ConfirmCommandDialog({
  open,
  onClose,
  run,
  processing,
  success,
  failure,
  title,
  text,
  confirmLabel,
}: {
  open: boolean;
  onClose: () => void;
  /** The command, bound to its subject (from useCommand). */
  run: () => Promise<CommandOutcome>;
  processing: boolean;
  success: string;
  /** The notice for a refusal, from the command's message. */
  failure: (message: string) => string;
  title: string;
  text: string;
  confirmLabel: string;
}) {
  async function confirm() {
    const result = await run();
    if (result.ok) {
      notifySuccess(success, undefined, result.entryId);
      onClose();
    } else {
      notifyError(failure(result.message));
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      busy={processing}
    />
  );
}
