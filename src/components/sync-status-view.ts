import type { MessageKey } from '../i18n/dictionaries.ts';
import type { SyncStatus } from '../sync/sync-status.ts';

/**
 * The one state the sync status shows in words (issue 14): what the clerk must know first wins.
 * - offline: the browser says so; work stays on the tablet.
 * - unreachable: the browser is online but the last send got no answer (server or upstream down),
 *   which a plain 'Online' would hide.
 * - attention: the server refused a write, or the session must be renewed before work can go.
 * - syncing: writes are waiting (or a long download is running) and the server is answering.
 * - synced: nothing is waiting; the time of the last round that reached the server.
 * Connection comes before failures: with no connection Retry cannot help yet, and the red count
 * still shows the failures.
 */
export type SyncState = 'offline' | 'unreachable' | 'attention' | 'syncing' | 'synced';

export interface SyncStatusView {
  state: SyncState;
  palette: 'gray' | 'orange' | 'red' | 'blue' | 'green';
  /** The state's words; `synced` takes the time ({time}), or says it never synced. */
  labelKey: MessageKey;
}

type StatusFacts = Pick<
  SyncStatus,
  'online' | 'serverUnreachable' | 'failed' | 'authPaused' | 'pendingCount' | 'pullProgress'
> & { lastSyncedAt: number | null };

export function syncStatusView(status: StatusFacts): SyncStatusView {
  if (!status.online) return { state: 'offline', palette: 'gray', labelKey: 'syncStatus.offline' };
  if (status.serverUnreachable) {
    return { state: 'unreachable', palette: 'orange', labelKey: 'syncStatus.serverUnreachable' };
  }
  if (status.failed.length > 0 || status.authPaused) {
    return { state: 'attention', palette: 'red', labelKey: 'syncStatus.needsAttention' };
  }
  if (status.pendingCount > 0 || status.pullProgress !== null) {
    return { state: 'syncing', palette: 'blue', labelKey: 'syncStatus.syncingState' };
  }
  return {
    state: 'synced',
    palette: 'green',
    labelKey: status.lastSyncedAt === null ? 'syncStatus.neverSynced' : 'syncStatus.synced',
  };
}
