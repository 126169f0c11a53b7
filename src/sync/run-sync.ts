import { db as defaultDb, type AppDatabase, type SessionRecord } from '../db/database.ts';
import { flushOutbox, type FlushOptions, type FlushResult } from './flusher.ts';
import { pullDepartment, pullScope, type PullResult } from './pull.ts';
import { ensureOfflineEntities, mirrorLists } from './registry.ts';
import { currentSession } from './session.ts';
import { lastSyncKey, noAnswerKey } from './sync-state-keys.ts';

/**
 * One sync round: push the outbox, then pull the mirrored lists. The same function serves the
 * window's triggers (sync-engine.ts) and the service worker's `sync` event.
 *
 * Any answer from the server ends the push's backoff: when the push was waiting because its last
 * try got no answer and a pull has just reached the server, the queue is sent at once (and pulled again if that changed
 * something), so work queued during a server outage leaves as soon as the server answers.
 */

export interface RunSyncOptions extends FlushOptions {
  /** Departments to pull; default: the signed-in user's (every department for admins). */
  departments?: readonly string[];
}

export interface RunSyncResult {
  flush: FlushResult;
  pulls: Record<string, PullResult>;
  /** True when the push and every pull completed. */
  ok: boolean;
  /** True when no pull reached the server and one got no answer at all (not even an error). */
  noAnswer: boolean;
}

/** The departments whose lists the session mirrors: an admin's are all the registry knows. */
export function departmentsForSession(session: SessionRecord | undefined): string[] {
  if (!session) return [];
  const known = [
    ...new Set(
      mirrorLists()
        .filter((list) => list.scope === 'department')
        .flatMap((list) => list.departments ?? []),
    ),
  ];
  if (session.user.role === 'admin') return known;
  return known.includes(session.user.category) ? [session.user.category] : [];
}

async function pullAll(
  db: AppDatabase,
  options: RunSyncOptions,
): Promise<Record<string, PullResult>> {
  const session = await currentSession(db);
  const pulls: Record<string, PullResult> = {};
  const departments = options.departments ?? departmentsForSession(session);
  for (const department of departments)
    pulls[department] = await pullDepartment(department, options);
  const userLists = mirrorLists().filter((list) => list.scope === 'user');
  if (session && userLists.length > 0)
    pulls.user = await pullScope(session.user._id, userLists, options);
  const globalLists = mirrorLists().filter((list) => list.scope === 'global');
  if (session && globalLists.length > 0) pulls.all = await pullScope('all', globalLists, options);
  return pulls;
}

/** The second push's result, counting what the first one already sent or failed. */
function withEarlierCounts(
  second: FlushResult,
  first: { sent: number; failed: number },
): FlushResult {
  if (!('sent' in second)) return second;
  const sent = second.sent + first.sent;
  const failed = second.failed + first.failed;
  if (second.status === 'backoff') return { ...second, sent, failed };
  return { status: sent + failed > 0 ? 'flushed' : 'idle', sent, failed };
}

/** A pull that asked the server and got its lists (a scope with nothing to read asked nothing). */
function reachedServer(pulls: Record<string, PullResult>): boolean {
  return Object.values(pulls).some((pull) => pull.status === 'ok');
}

function gotNoAnswer(pulls: Record<string, PullResult>): boolean {
  return (
    !reachedServer(pulls) &&
    Object.values(pulls).some((pull) => pull.status === 'error' && pull.noAnswer)
  );
}

/**
 * The status says Server unreachable while pulls get no answer, with nothing queued too: a
 * tablet whose Wi-Fi is up shows stock it cannot refresh, and its next write will wait. Kept
 * in the database, so every tab and the service worker's round agree; any pull that reaches the
 * server ends it.
 */
async function recordAnswer(db: AppDatabase, pulls: Record<string, PullResult>, at: number) {
  if (reachedServer(pulls)) {
    if (await db.syncState.get(noAnswerKey)) await db.syncState.delete(noAnswerKey);
  } else if (gotNoAnswer(pulls) && !(await db.syncState.get(noAnswerKey))) {
    await db.syncState.put({ key: noAnswerKey, since: at });
  }
}

export async function runSync(options: RunSyncOptions = {}): Promise<RunSyncResult> {
  const db: AppDatabase = options.db ?? defaultDb;
  const now = options.now ?? Date.now;
  await ensureOfflineEntities();
  let flush = await flushOutbox({ ...options, afterPush: undefined });
  if (flush.status === 'signed-out' || flush.status === 'auth-paused')
    return { flush, pulls: {}, ok: false, noAnswer: false };
  let pulls = await pullAll(db, options);
  // Only a wait caused by no answer at all: a 5xx or 429 came from a server that did answer, and
  // retrying it sooner than its backoff would only hammer it.
  if (flush.status === 'backoff' && flush.unreachable && reachedServer(pulls)) {
    const resent = await flushOutbox({ ...options, afterPush: undefined, ignoreBackoff: true });
    if ('sent' in resent && resent.sent + resent.failed > 0) pulls = await pullAll(db, options);
    flush = withEarlierCounts(resent, flush);
  }
  const pullsOk = Object.values(pulls).every(
    (p) => p.status === 'ok' || p.status === 'nothing-to-read',
  );
  // 'busy' means another context is pushing; our pull still refreshed the mirror.
  const pushOk = flush.status === 'idle' || flush.status === 'flushed' || flush.status === 'busy';
  const ok = pullsOk && pushOk;
  if (pullsOk) await db.syncState.put({ key: lastSyncKey, lastSyncedAt: now() });
  await recordAnswer(db, pulls, now());
  return { flush, pulls, ok, noAnswer: gotNoAnswer(pulls) };
}
