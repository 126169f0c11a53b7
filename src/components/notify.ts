import { toaster } from './ui/toaster.tsx';

/** The id of the success toast of a queued write, so its refusal can take the toast's place. */
export function queuedSuccessToastId(entryId: string): string {
  return `queued-write-success-${entryId}`;
}

/**
 * Success and error toasts (the app toaster closes them after 3 s). `entryId`: the queued write
 * the success is about; if the server refuses it while the toast is up, the refusal notice
 * dismisses it (sync-status.tsx), so 'saved' and 'refused' are never on screen together.
 */
export function notifySuccess(title: string, description?: string, entryId?: string): void {
  toaster.create({
    title,
    ...(description ? { description } : {}),
    ...(entryId ? { id: queuedSuccessToastId(entryId) } : {}),
    type: 'success',
  });
}

export function notifyError(title: string): void {
  toaster.create({ title, type: 'error' });
}
