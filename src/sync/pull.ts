import { db as defaultDb, type AppDatabase } from '../db/database.ts';
import { createSyncClient, describeError, jsonOf, messageOf, type SyncTransport } from './http.ts';
import { protectedIds } from './outbox.ts';
import { currentSession, isAuthPaused, markAuthPaused } from './session.ts';
import { listResponseSchema, toMirrorRecord, type MirrorTableName } from './wire.ts';

/**
 * Pull sync (DESIGN.md section 3, "Reads"): refreshes the Dexie mirror of a department's products
 * and orders incrementally. Invariants:
 * - A row with an unresolved outbox change is never overwritten or deleted by a pull (the
 *   optimistic state stays until its entry settles); its id is remembered in `skippedIds`.
 * - Skipped ids are remembered until they settle, with the cursor of the earliest pull that skipped
 *   one (`skippedSince`). When one is no longer protected, the next pull rewinds to that cursor:
 *   every remembered row was returned from there, so it is read again, without downloading the
 *   whole department after each order.
 * - The protection check and the writes run in one transaction with the outbox, so a command
 *   committed in between cannot be overwritten.
 */
export interface PullOptions extends SyncTransport {
  db?: AppDatabase;
  now?: () => number;
}

export type PullResult =
  | { status: 'ok'; products: number; orders: number }
  | { status: 'signed-out' }
  | { status: 'auth-paused' }
  | { status: 'error'; message: string };

export const pullLists = ['products', 'orders'] as const satisfies readonly MirrorTableName[];

export function cursorKey(department: string, list: MirrorTableName): string {
  return `${department}/${list}`;
}

class PullFailure extends Error {
  readonly auth: boolean;
  constructor(message: string, auth = false) {
    super(message);
    this.auth = auth;
  }
}

export async function pullDepartment(
  department: string,
  options: PullOptions = {},
): Promise<PullResult> {
  const db = options.db ?? defaultDb;
  const now = options.now ?? Date.now;
  const session = await currentSession(db);
  if (!session) return { status: 'signed-out' };
  if (await isAuthPaused(db, session, now())) return { status: 'auth-paused' };
  const counts = { products: 0, orders: 0 };
  try {
    for (const list of pullLists)
      counts[list] = await pullList(db, department, list, session.token, options, now);
  } catch (error) {
    if (error instanceof PullFailure && error.auth) {
      await markAuthPaused(db, session, now());
      return { status: 'auth-paused' };
    }
    return { status: 'error', message: describeError(error) };
  }
  return { status: 'ok', ...counts };
}

async function pullList(
  db: AppDatabase,
  department: string,
  list: MirrorTableName,
  token: string,
  options: PullOptions,
  now: () => number,
): Promise<number> {
  const key = cursorKey(department, list);
  const state = await db.syncState.get(key);
  const stillProtected = await protectedIds(db);
  const previouslySkipped = state?.skippedIds ?? [];
  const rewind = previouslySkipped.some((id) => !stillProtected.has(id));
  const cursor = rewind ? (state?.skippedSince ?? '0') : (state?.cursor ?? '0');

  const response = await createSyncClient(options)(`${department}/${list}`, {
    headers: { Authorization: `Bearer ${token}` },
    searchParams: { updatedSince: cursor },
  });
  if (response.status === 401) throw new PullFailure('HTTP 401', true);
  const body = await jsonOf(response);
  if (!response.ok) throw new PullFailure(messageOf(body) ?? `HTTP ${response.status}`);
  const parsed = listResponseSchema.safeParse(body);
  if (!parsed.success) throw new PullFailure('Invalid data format received from server');

  const full = Array.isArray(parsed.data);
  const items = Array.isArray(parsed.data) ? parsed.data : parsed.data.items;
  const deleted = Array.isArray(parsed.data) ? [] : parsed.data.deleted;
  const nextCursor = Array.isArray(parsed.data) ? null : parsed.data.cursor;
  const table = db.table<Record<string, unknown>, string>(list);

  return db.transaction('rw', [table, db.outbox, db.syncState], async () => {
    const guarded = await protectedIds(db);
    const skipped: string[] = [];
    const seen = new Set<string>();
    const rows: Record<string, unknown>[] = [];
    for (const item of items) {
      const record = toMirrorRecord(list, department, item);
      if (!record) continue;
      seen.add(record._id);
      if (guarded.has(record._id)) skipped.push(record._id);
      else rows.push({ ...record });
    }
    await table.bulkPut(rows);
    const toDelete = deleted.filter((id) => {
      if (guarded.has(id)) skipped.push(id);
      return !guarded.has(id);
    });
    if (full) {
      // A plain array is the whole list: local rows it lacks are gone, unless still being written.
      const local = await table.where('department').equals(department).primaryKeys();
      for (const id of local) if (!seen.has(id) && !guarded.has(id)) toDelete.push(id);
    }
    await table.bulkDelete(toDelete);
    // After a rewind every earlier skipped row was returned again; otherwise the earlier ones this
    // pull did not return must still be remembered, with the earlier cursor they were skipped at.
    const carried = rewind
      ? []
      : previouslySkipped.filter((id) => !seen.has(id) && guarded.has(id));
    const remembered = [...new Set([...carried, ...skipped])];
    const skippedSince =
      remembered.length === 0 ? null : carried.length > 0 ? (state?.skippedSince ?? '0') : cursor;
    await db.syncState.put({
      key,
      cursor: nextCursor,
      lastSyncedAt: now(),
      skippedIds: remembered,
      skippedSince,
    });
    return rows.length + toDelete.length;
  });
}
