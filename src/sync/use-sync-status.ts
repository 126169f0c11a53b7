import { useSyncExternalStore } from 'react';
import { syncStatusStore, type SyncStatus, type SyncStatusStore } from './sync-status.ts';

/** The live sync status (online, pending count, failures, last sync, auth pause, syncing). */
export function useSyncStatus(store: SyncStatusStore = syncStatusStore): SyncStatus {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * Changes of the signed-in user the server has not accepted (queued or failed), for the logout
 * warning: signing out keeps them on this device for that user's next sign-in.
 */
export function useUnsentCount(store: SyncStatusStore = syncStatusStore): number {
  const status = useSyncStatus(store);
  return status.pendingCount + status.failed.length;
}

/**
 * True while a write queued now would wait on this device: the browser is offline, or the server
 * has not answered the last attempt. Success messages then say the work is saved on the tablet
 * and will be sent, not that the server took it (issue 14).
 */
export function useWritesWait(store: SyncStatusStore = syncStatusStore): boolean {
  const status = useSyncStatus(store);
  return !status.online || status.serverUnreachable;
}

/**
 * True once the server has refused the queued write `entryId` (it is among the failed entries), so
 * a success shown for that write can give way to the refusal (SuccessDialog).
 */
export function useWriteRefused(
  entryId: string | undefined,
  store: SyncStatusStore = syncStatusStore,
): boolean {
  const status = useSyncStatus(store);
  return entryId !== undefined && status.failed.some((entry) => entry.id === entryId);
}
