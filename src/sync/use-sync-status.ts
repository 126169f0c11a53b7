import { useSyncExternalStore } from 'react';
import { syncStatusStore, type SyncStatus, type SyncStatusStore } from './sync-status.ts';

/** The live sync status (online, pending count, failures, last sync, auth pause, syncing). */
export function useSyncStatus(store: SyncStatusStore = syncStatusStore): SyncStatus {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
