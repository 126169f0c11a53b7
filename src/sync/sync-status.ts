import { liveQuery, type Subscription } from 'dexie';
import { db as defaultDb, type AppDatabase, type OutboxEntry } from '../db/database.ts';
import { editableQuantityOf, onOfflineEntitiesRegistered } from './registry.ts';
import { authPauseKey, lastSyncKey, noAnswerKey, pullProgressKey } from './sync-state-keys.ts';

/**
 * The sync status every screen shows (docs/offline-model.md, rule 6), as an external store for
 * React's useSyncExternalStore. Queue facts (pending, failures, last sync, auth pause) come from
 * Dexie through liveQuery, so they are right whichever context (tab or service worker) changed
 * them; online and syncing are this tab's view.
 */

export interface FailedEntry {
  id: string;
  kind: string | undefined;
  department: string | undefined;
  label: OutboxEntry['label'];
  /** The server's message, e.g. 'Quantity exceeds available stock'. */
  message: string;
  /** The stock the server has now, when that is why it refused. */
  available?: number;
  /** The refused line of a write of several lines (a sale), when the server named one. */
  line?: { index: number; productName: string | null };
  /**
   * The fields someone else changed to other values meanwhile, when that is why it refused: as
   * stored, not yet parsed (`conflictOfFailure`, failure-row.tsx, parses it where it is shown), so
   * the status store every start-up screen reads does not load the schemas (decision 0028).
   */
  conflict?: unknown;
  createdAt: number;
  /** The user has not yet read the notice of this refusal (a toast until they do). */
  unread: boolean;
  /** The quantity Retry may change first (the kind declares it in the registry), if any. */
  editableQuantity?: { field: string; value: number };
}

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  /** The signed-in user, or null. */
  userId: string | null;
  /** Entries of the signed-in user not yet accepted by the server (pending or sending). */
  pendingCount: number;
  failed: FailedEntry[];
  /** Epoch ms of the last round that reached the server, or null. */
  lastSyncedAt: number | null;
  /** The server refused the token (or it expired) while work is queued: ask to sign in again. */
  authPaused: boolean;
  /** When the head entry will be retried after a temporary failure, or null. */
  nextRetryAt: number | null;
  /**
   * The last attempt got no answer at all (the server or the link to it is down while the
   * device's network is up): the waiting write's last try, or with none tried yet the last pull.
   * The most common outage in a godown, which a plain 'Online' would hide.
   */
  serverUnreachable: boolean;
  /** A long download in progress (a first sync of thousands of rows), or null. */
  pullProgress: { list: string; done: number; total: number | null } | null;
}

type QueueFacts = Omit<SyncStatus, 'online' | 'syncing'>;

const emptyFacts: QueueFacts = {
  userId: null,
  pendingCount: 0,
  failed: [],
  lastSyncedAt: null,
  authPaused: false,
  nextRetryAt: null,
  serverUnreachable: false,
  pullProgress: null,
};

function conflictOf(entry: OutboxEntry): { conflict?: unknown } {
  const conflict = entry.refusal?.conflict;
  return conflict === undefined || conflict === null ? {} : { conflict };
}

/** Reads the queue facts; read-only, so it can run inside liveQuery. */
export async function readQueueFacts(db: AppDatabase, now: number): Promise<QueueFacts> {
  const [session, last, pause, progress, noAnswer] = await Promise.all([
    db.session.get('current'),
    db.syncState.get(lastSyncKey),
    db.syncState.get(authPauseKey),
    db.syncState.get(pullProgressKey),
    db.syncState.get(noAnswerKey),
  ]);
  if (!session) return { ...emptyFacts, lastSyncedAt: last?.lastSyncedAt ?? null };
  const userId = session.user._id;
  const entries = await db.outbox
    .where('[userId+createdAt]')
    .between([userId, -Infinity], [userId, Infinity])
    .toArray();
  const unresolved = entries.filter((e) => e.status === 'pending' || e.status === 'sending');
  const failed = entries
    .filter((e) => e.status === 'failed')
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      department: e.department,
      label: e.label,
      message: e.lastError ?? '',
      ...(e.refusal?.available !== undefined ? { available: e.refusal.available } : {}),
      ...(e.refusal?.line
        ? { line: { index: e.refusal.line.index, productName: e.refusal.line.productName } }
        : {}),
      ...conflictOf(e),
      createdAt: e.createdAt,
      unread: e.noticeReadAt === undefined,
      editableQuantity: editableQuantityOf(e),
    }));
  // Only the server's 401 pauses the queue; the token's expiry is never read off this device's
  // clock (decision 0026), and the session store ends an expired session on the server's time.
  const pausedForThisSession = pause?.cursor === `${userId}:${session.expiresAt}`;
  const head = unresolved[0];
  return {
    userId,
    pendingCount: unresolved.length,
    failed,
    lastSyncedAt: last?.lastSyncedAt ?? null,
    authPaused: pausedForThisSession,
    nextRetryAt: head?.nextAttemptAt && head.nextAttemptAt > now ? head.nextAttemptAt : null,
    // A write's own last try says best whether the server answers; a pull's, until it has one.
    serverUnreachable: head?.unreachable ?? noAnswer !== undefined,
    pullProgress: progress?.progress ?? null,
  };
}

export interface SyncStatusStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SyncStatus;
  setOnline(online: boolean): void;
  setSyncing(syncing: boolean): void;
}

export interface SyncStatusStoreOptions {
  db?: AppDatabase;
  now?: () => number;
  online?: boolean;
}

function initialOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine ?? true;
}

export function createSyncStatusStore(options: SyncStatusStoreOptions = {}): SyncStatusStore {
  const db = options.db ?? defaultDb;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let facts: QueueFacts = emptyFacts;
  let snapshot: SyncStatus = {
    ...facts,
    online: options.online ?? initialOnline(),
    syncing: false,
  };
  let subscription: Subscription | undefined;
  let stopFollowingRegistry: (() => void) | undefined;

  // A new object only when something changed, as useSyncExternalStore requires.
  function publish(next: SyncStatus) {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function start() {
    readFacts();
    // Declarations that arrive later change what a failed entry offers (its editable quantity).
    stopFollowingRegistry = onOfflineEntitiesRegistered(() => {
      subscription?.unsubscribe();
      readFacts();
    });
  }

  function readFacts() {
    subscription = liveQuery(() => readQueueFacts(db, now())).subscribe({
      next: (value) => {
        facts = value;
        publish({ ...value, online: snapshot.online, syncing: snapshot.syncing });
      },
      error: () => {
        // A read failure leaves the last known status on screen.
      },
    });
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!subscription) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && subscription) {
          subscription.unsubscribe();
          subscription = undefined;
          stopFollowingRegistry?.();
          stopFollowingRegistry = undefined;
        }
      };
    },
    getSnapshot: () => snapshot,
    setOnline(online) {
      if (online !== snapshot.online) publish({ ...facts, online, syncing: snapshot.syncing });
    },
    setSyncing(syncing) {
      if (syncing !== snapshot.syncing) publish({ ...facts, online: snapshot.online, syncing });
    },
  };
}

/** The app's status store, fed by the sync engine. */
export const syncStatusStore = createSyncStatusStore();
