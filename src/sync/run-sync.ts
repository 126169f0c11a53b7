import { db as defaultDb, type AppDatabase, type SessionRecord } from '../db/database.ts';
import { isProductDepartmentId, productDepartmentIds } from '../../domain/departments.ts';
import { flushOutbox, type FlushOptions, type FlushResult } from './flusher.ts';
import { pullDepartment, type PullResult } from './pull.ts';
import { currentSession } from './session.ts';

/**
 * One sync round: push the outbox, then pull the mirrored lists. The same function serves the
 * window's triggers (sync-engine.ts) and the service worker's `sync` event.
 */
export const lastSyncKey = 'sync/last';

export interface RunSyncOptions extends FlushOptions {
  /** Departments to pull; default: the signed-in user's (every product department for admins). */
  departments?: readonly string[];
}

export interface RunSyncResult {
  flush: FlushResult;
  pulls: Record<string, PullResult>;
  /** True when the push and every pull completed. */
  ok: boolean;
}

export function departmentsForSession(session: SessionRecord | undefined): string[] {
  if (!session) return [];
  if (session.user.role === 'admin') return [...productDepartmentIds];
  return isProductDepartmentId(session.user.category) ? [session.user.category] : [];
}

export async function runSync(options: RunSyncOptions = {}): Promise<RunSyncResult> {
  const db: AppDatabase = options.db ?? defaultDb;
  const now = options.now ?? Date.now;
  const flush = await flushOutbox({ ...options, afterPush: undefined });
  const pulls: Record<string, PullResult> = {};
  if (flush.status === 'signed-out' || flush.status === 'auth-paused')
    return { flush, pulls, ok: false };
  const departments = options.departments ?? departmentsForSession(await currentSession(db));
  for (const department of departments) {
    pulls[department] = await pullDepartment(department, options);
  }
  const pullsOk = Object.values(pulls).every((p) => p.status === 'ok');
  // 'busy' means another context is pushing; our pull still refreshed the mirror.
  const pushOk = flush.status === 'idle' || flush.status === 'flushed' || flush.status === 'busy';
  const ok = pullsOk && pushOk;
  if (pullsOk) await db.syncState.put({ key: lastSyncKey, lastSyncedAt: now() });
  return { flush, pulls, ok };
}
