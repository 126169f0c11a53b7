import { toaster } from './ui/toaster.tsx';

// Queued writes the server refused while this page was open. The refusal may come back before
// the command's caller gets to announce its success (a fast server, a stale mirror): the success
// is then never shown.
const refusedWrites = new Set<string>();

function queuedSuccessToastId(entryId: string): string {
  return `queued-write-success-${entryId}`;
}

/**
 * The server refused the queued write `entryId`: its success toast goes (or never comes), so
 * 'saved' and 'refused' are never on screen together. Called by the refusal notices.
 */
export function withdrawQueuedSuccess(entryId: string): void {
  refusedWrites.add(entryId);
  // remove, not dismiss: a dismiss sent to a toast that is still mounting is lost (zag sends it
  // as a prop change), and the refusal often comes back within milliseconds of the success.
  toaster.remove(queuedSuccessToastId(entryId));
}

/**
 * Success and error toasts (the app toaster closes them after 3 s). `entryId`: the queued write
 * the success is about (see withdrawQueuedSuccess).
 */
export function notifySuccess(title: string, description?: string, entryId?: string): void {
  if (entryId !== undefined && refusedWrites.has(entryId)) return;
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
