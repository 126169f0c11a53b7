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
