import { offlineEntities } from '../src/app/offline-entities.ts';
import { flushOutbox, type FlushOptions } from '../src/sync/flusher.ts';
import { registerOfflineEntities } from '../src/sync/registry.ts';

/** The tag the window registers (`registration.sync.register('outbox-sync')`) after queueing. */
export const outboxSyncTag = 'outbox-sync';

/**
 * The service worker's answer to a Background Sync event for the outbox. The browser fires it
 * when it believes the network is usable (typically: connectivity is back, with no tab open), so
 * the head entry is tried at once even if its backoff from the offline attempts is not over;
 * otherwise the event would do nothing and the browser would not ask again for minutes.
 *
 * Rejects when entries are still queued because the server was unreachable or answered 5xx/429:
 * that asks the browser to fire the sync again later. Other outcomes (busy: a tab is flushing;
 * signed-out; auth-paused until the user signs in) are not something a browser retry can fix.
 */
export async function replayOutboxOnSync(options: FlushOptions = {}): Promise<void> {
  // The registry must know every offline entity before a replay reconciles or rolls back.
  registerOfflineEntities(offlineEntities);
  const result = await flushOutbox({ ...options, ignoreBackoff: true });
  if (result.status === 'backoff') throw new Error('Outbox not drained; retry later');
}
