import { db as defaultDb, type AppDatabase, type OutboxEntry } from '../db/database.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';
import type { SyncTransport } from './http.ts';
import { completeEntries, failWithDependents, queueOf, type Accepted } from './outbox.ts';
import { bodyBytes, isBatchable, maxBatchBodyBytes, maxBatchEntries, sendBatch } from './send.ts';
import { currentSession, isAuthPaused, markAuthPaused } from './session.ts';

/**
 * Replays the outbox (docs/offline-model.md, rules 2–5). Runs in the window and in the service
 * worker: no DOM, no React. FIFO by createdAt, up to 50 entries per request through the batch
 * endpoint (send.ts), only the signed-in user's entries, the token read from Dexie at send time.
 *
 * State machine of an entry: pending → sending → (deleted when done) | pending again with
 * attempts+1 and a backoff (unknown or temporary outcome, same id = same Idempotency-Key) |
 * failed (permanent rejection, rolled back). A 'sending' entry found by a new flusher was left by
 * one that died mid-request; it is sent again with the same key, which the server deduplicates.
 */

/** The part of the Web Locks API the flusher needs (navigator.locks satisfies it). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

export interface FlushOptions extends SyncTransport {
  db?: AppDatabase;
  now?: () => number;
  backoff?: BackoffOptions;
  /** Cross-context lock; default `navigator.locks` where present, `null` for the in-process guard only. */
  locks?: LockManagerLike | null;
  /** Called after a round that sent or failed something, e.g. to pull (rule: pull after each push). */
  afterPush?: () => Promise<unknown>;
  /**
   * Send the head now even if its backoff is not over. For signals that the situation changed:
   * the user's 'Sync now', the browser's `online`, opening the app. Without it a queue that
   * backed off for minutes while the server was down would ignore them. One try per round: a
   * new failure still backs off and ends the round.
   */
  ignoreBackoff?: boolean;
}

export type FlushResult =
  | { status: 'busy' }
  | { status: 'signed-out' }
  | { status: 'auth-paused' }
  | { status: 'idle' | 'flushed'; sent: number; failed: number }
  | {
      status: 'backoff';
      sent: number;
      failed: number;
      retryAt: number | undefined;
      /** The last try got no answer at all (network error, timeout): the probe may end the wait. */
      unreachable: boolean;
    };

export const flushLockName = 'outbox-flush';

// In-process guard per database: covers contexts without Web Locks, and two calls in one tab.
const running = new WeakSet<AppDatabase>();

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

export async function flushOutbox(options: FlushOptions = {}): Promise<FlushResult> {
  const db = options.db ?? defaultDb;
  if (running.has(db)) return { status: 'busy' };
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  running.add(db);
  try {
    if (!locks) return await flushRound(db, options);
    return await locks.request(flushLockName, { ifAvailable: true }, async (lock) => {
      // Another tab or the service worker is flushing: it will drain the same queue.
      if (!lock) return { status: 'busy' } as const;
      return flushRound(db, options);
    });
  } finally {
    running.delete(db);
  }
}

/**
 * The next entries to send together: the head and the unresolved entries after it, in FIFO order,
 * up to `maxBatchEntries` and `maxBatchBodyBytes` (a stock count's submission can be hundreds of
 * kilobytes; a batch over the server's byte limit would be refused whole). The batch stops before
 * a file upload (it travels alone) and before an entry that depends on one already in the batch:
 * a dependent is sent only once what it needs has settled, so it can be held back (failed with
 * it) if that is rejected.
 */
function batchFrom(queue: readonly OutboxEntry[]): OutboxEntry[] {
  const [head] = queue;
  if (!head) return [];
  if (!isBatchable(head)) return [head];
  const batch: OutboxEntry[] = [];
  const ids = new Set<string>();
  let bytes = 0;
  for (const entry of queue) {
    if (batch.length >= maxBatchEntries || !isBatchable(entry)) break;
    if ((entry.dependsOn ?? []).some((id) => ids.has(id))) break;
    const size = bodyBytes(entry);
    if (batch.length > 0 && bytes + size > maxBatchBodyBytes) break;
    batch.push(entry);
    ids.add(entry.id);
    bytes += size;
  }
  return batch;
}

async function flushRound(db: AppDatabase, options: FlushOptions): Promise<FlushResult> {
  const now = options.now ?? Date.now;
  let sent = 0;
  let failed = 0;
  let retryAt: number | undefined;
  let unreachable = false;
  try {
    for (;;) {
      // Re-read the session every time: a logout or a new sign-in in another tab takes effect at once.
      const session = await currentSession(db);
      if (!session) return { status: 'signed-out' };
      if (await isAuthPaused(db, session)) return { status: 'auth-paused' };
      const queue = await queueOf(db, session.user._id, maxBatchEntries);
      const head = queue[0];
      if (!head) break;
      if (!options.ignoreBackoff && (head.nextAttemptAt ?? 0) > now()) {
        // Strict FIFO: later entries may depend on the head (an edit after a create), so they wait.
        retryAt = head.nextAttemptAt;
        unreachable = head.unreachable ?? false;
        break;
      }
      const batch = batchFrom(queue);
      // Only the head is marked: 'pending' and 'sending' are sent alike (same key), so marking the
      // whole batch would only cost writes, and a queue of hundreds retried while the link is down
      // would rewrite every entry on every try.
      await db.outbox.update(head.id, { status: 'sending' });
      const outcomes = await sendBatch(batch, session.token, options);
      let stop = false;
      // Consecutive accepted entries are applied together, in one transaction, before whatever
      // comes next, so the mirror sees the outcomes in the order the server produced them.
      let accepted: Accepted[] = [];
      const applyAccepted = async () => {
        await completeEntries(db, accepted);
        sent += accepted.length;
        accepted = [];
      };
      for (const [index, entry] of batch.entries()) {
        let result = outcomes[index] ?? { outcome: 'not-run' };
        // The head always gets an answer; one missing would otherwise loop without progress.
        if (index === 0 && result.outcome === 'not-run')
          result = { outcome: 'retry', error: 'No answer for this write', unreachable: false };
        if (result.outcome === 'done') {
          accepted.push({ entryId: entry.id, response: result.body });
          continue;
        }
        await applyAccepted();
        if (result.outcome === 'reject') {
          // Dependents later in the queue are held back: failed with it, never sent.
          failed += (await failWithDependents(db, entry.id, result.message, result.details)).length;
        } else if (result.outcome === 'auth') {
          // Not processed: back to pending untouched, and the whole queue waits for a new sign-in.
          await db.outbox.update(entry.id, { status: 'pending' });
          await markAuthPaused(db, session, now());
          stop = true;
        } else if (result.outcome === 'retry') {
          const attempts = entry.attempts + 1;
          retryAt = now() + backoffDelay(attempts, options.backoff);
          unreachable = result.unreachable;
          await db.outbox.update(entry.id, {
            status: 'pending',
            attempts,
            nextAttemptAt: retryAt,
            lastError: result.error,
            unreachable: result.unreachable,
          });
          stop = true;
        } else if (entry.id === head.id) {
          await db.outbox.update(entry.id, { status: 'pending' });
        }
        // Otherwise not tried: it keeps its place, its attempts and its backoff, unwritten.
      }
      await applyAccepted();
      if (stop) {
        if (await isAuthPaused(db, session)) return { status: 'auth-paused' };
        break;
      }
    }
  } finally {
    if ((sent > 0 || failed > 0) && options.afterPush) {
      try {
        await options.afterPush();
      } catch {
        // The pull has its own status; a failed pull never undoes a push.
      }
    }
  }
  if (retryAt !== undefined) return { status: 'backoff', sent, failed, retryAt, unreachable };
  return { status: sent > 0 || failed > 0 ? 'flushed' : 'idle', sent, failed };
}
