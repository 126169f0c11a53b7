import { db as defaultDb, type AppDatabase, type OutboxEntry } from '../db/database.ts';
import { classifyStatus } from '../../domain/outbox.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';
import { createSyncClient, describeError, jsonOf, messageOf, type SyncTransport } from './http.ts';
import { completeEntry, failWithDependents, headOf, isMultipartBody } from './outbox.ts';
import { currentSession, isAuthPaused, markAuthPaused } from './session.ts';

/**
 * Replays the outbox (DESIGN.md section 3, rules 2–5). Runs in the window and in the service
 * worker: no DOM, no React. One entry at a time, FIFO by createdAt, only the signed-in user's
 * entries, the token read from Dexie at send time.
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
  | { status: 'idle' | 'flushed' | 'backoff'; sent: number; failed: number; retryAt?: number };

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

type SendResult =
  | { outcome: 'done'; body: unknown }
  | { outcome: 'retry'; error: string }
  | { outcome: 'auth' }
  | { outcome: 'reject'; message: string };

async function send(entry: OutboxEntry, token: string, options: FlushOptions): Promise<SendResult> {
  const client = createSyncClient(options);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'Idempotency-Key': entry.id,
  };
  let body: BodyInit | undefined;
  let json: unknown;
  if (isMultipartBody(entry.body)) {
    const form = new FormData();
    for (const [name, value] of Object.entries(entry.body.fields)) form.append(name, value);
    for (const [name, file] of Object.entries(entry.body.files)) {
      form.append(name, file, file instanceof File ? file.name : name);
    }
    body = form;
  } else if (entry.body !== undefined && entry.body !== null) {
    json = entry.body;
  }
  let response: Response;
  try {
    response = await client(entry.path, {
      method: entry.method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(json === undefined ? {} : { json }),
    });
  } catch (error) {
    // Network failure or timeout: the server may or may not have applied it. Same key next time.
    return { outcome: 'retry', error: describeError(error) };
  }
  const responseBody = await jsonOf(response);
  // Deleting what is already gone reached the state the user wanted.
  if (entry.method === 'DELETE' && response.status === 404)
    return { outcome: 'done', body: responseBody };
  const outcome = classifyStatus(response.status);
  switch (outcome) {
    case 'done':
      return { outcome, body: responseBody };
    case 'auth':
      return { outcome };
    case 'retry':
      return { outcome, error: messageOf(responseBody) ?? `HTTP ${response.status}` };
    case 'reject':
      return { outcome, message: messageOf(responseBody) ?? `HTTP ${response.status}` };
  }
}

async function flushRound(db: AppDatabase, options: FlushOptions): Promise<FlushResult> {
  const now = options.now ?? Date.now;
  let sent = 0;
  let failed = 0;
  let retryAt: number | undefined;
  try {
    for (;;) {
      // Re-read the session every time: a logout or a new sign-in in another tab takes effect at once.
      const session = await currentSession(db);
      if (!session) return { status: 'signed-out' };
      if (await isAuthPaused(db, session, now())) return { status: 'auth-paused' };
      const head = await headOf(db, session.user._id);
      if (!head) break;
      if (!options.ignoreBackoff && (head.nextAttemptAt ?? 0) > now()) {
        // Strict FIFO: later entries may depend on the head (an edit after a create), so they wait.
        retryAt = head.nextAttemptAt;
        break;
      }
      await db.outbox.update(head.id, { status: 'sending' });
      const result = await send(head, session.token, options);
      if (result.outcome === 'done') {
        await completeEntry(db, head.id, result.body);
        sent += 1;
      } else if (result.outcome === 'reject') {
        failed += (await failWithDependents(db, head.id, result.message)).length;
      } else if (result.outcome === 'auth') {
        // Not processed: back to pending untouched, and the whole queue waits for a new sign-in.
        await db.outbox.update(head.id, { status: 'pending' });
        await markAuthPaused(db, session, now());
        return { status: 'auth-paused' };
      } else {
        const attempts = head.attempts + 1;
        retryAt = now() + backoffDelay(attempts, options.backoff);
        await db.outbox.update(head.id, {
          status: 'pending',
          attempts,
          nextAttemptAt: retryAt,
          lastError: result.error,
        });
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
  if (retryAt !== undefined) return { status: 'backoff', sent, failed, retryAt };
  return { status: sent > 0 || failed > 0 ? 'flushed' : 'idle', sent, failed };
}
