import Dexie, { type Table } from 'dexie';
import { db as defaultDb, type AppDatabase, type SyncStateRecord } from '../db/database.ts';
import { audienceAdmits } from '../../domain/permissions.ts';
import { syncPageSchema } from '../../domain/sync-page.ts';
import { createSyncClient, describeError, jsonOf, messageOf, type SyncTransport } from './http.ts';
import { protectedIds } from './outbox.ts';
import { mirrorLists, type MirrorListDefinition, type MirrorRow } from './registry.ts';
import { currentSession, isAuthPaused, markAuthPaused } from './session.ts';
import { z } from 'zod';
import { pullProgressKey } from './sync-state-keys.ts';
import { idsWaitingToSync, pruneMirror, retentionStart } from './retention.ts';
import { serverNow } from './server-clock.ts';

/**
 * Pull sync (docs/offline-model.md, "Reads"): refreshes the Dexie mirror of every list the registry
 * declares, incrementally and page by page (domain/sync-page.ts). Invariants:
 * - Each page is written in one Dexie transaction together with the cursor that follows it, so a
 *   reload or a dropped connection in the middle of a long first sync resumes from the last page
 *   written, never from the start and never past a page that was not stored.
 * - A row with an unresolved outbox change is never overwritten or deleted by a pull (the
 *   optimistic state stays until its entry settles); its id is remembered in `skippedIds`.
 * - Skipped ids are remembered until they settle, with the cursor of the earliest page that
 *   skipped one (`skippedSince`). When one is no longer protected, the next pull rewinds to that
 *   cursor: every remembered row was returned from there, so it is read again, without
 *   downloading the whole list after each order.
 * - The protection check and the writes run in one transaction with the outbox, so a command
 *   committed in between cannot be overwritten.
 * - An idle pull sends the list's last ETag; 304 means nothing changed and costs no body.
 * - A list with a retention window (retention.ts, decision 0035) asks only for rows dated inside
 *   it, keeps no row dated before it from any page, and prunes older rows after each pull (and
 *   after each page of a walk when it caps its rows). A window wider than the one its cursor was
 *   read with starts the list again from '0'.
 * - During a walk the next page is requested while the current one is written; the early answer
 *   is used only for a request identical to the one the next round makes (same cursor, no ETag),
 *   so it changes when a page arrives, never which page or what is stored.
 */
export interface PullOptions extends SyncTransport {
  db?: AppDatabase;
  now?: () => number;
  /** The server's time, for retention windows (default: server-clock.ts's estimate). */
  serverTime?: () => Date;
}

/** Rows changed per list (keyed by table), or why the pull stopped. */
export type PullResult =
  | { status: 'ok'; [table: string]: number | 'ok' }
  /** No list of the scope is this user's to read: nothing was asked of the server. */
  | { status: 'nothing-to-read' }
  | { status: 'signed-out' }
  | { status: 'auth-paused' }
  | { status: 'error'; message: string; noAnswer: boolean };

/** The syncState record that tells every tab how far a long download has come. */

type PullProgress = NonNullable<SyncStateRecord['progress']>;

export function cursorKey(scopeKey: string, table: string): string {
  return `${scopeKey}/${table}`;
}

class PullFailure extends Error {
  readonly auth: boolean;
  /** No answer at all: a network error or a timeout, not a status the server sent. */
  readonly noAnswer: boolean;
  constructor(message: string, { auth = false, noAnswer = false } = {}) {
    super(message);
    this.auth = auth;
    this.noAnswer = noAnswer;
  }
}

/** The lists of the registry that exist for `department`. */
export function departmentLists(department: string): MirrorListDefinition[] {
  return mirrorLists().filter(
    (list) => list.scope === 'department' && (list.departments ?? []).includes(department),
  );
}

/** Pulls every list of `department`, one after the other. */
export function pullDepartment(department: string, options: PullOptions = {}): Promise<PullResult> {
  return pullScope(department, departmentLists(department), options);
}

/** Pulls `lists`, whose rows belong to `scopeKey` (a department, a user id, or 'all'). */
export async function pullScope(
  scopeKey: string,
  lists: readonly MirrorListDefinition[],
  options: PullOptions = {},
): Promise<PullResult> {
  const db = options.db ?? defaultDb;
  const now = options.now ?? Date.now;
  const session = await currentSession(db);
  if (!session) return { status: 'signed-out' };
  if (await isAuthPaused(db, session)) return { status: 'auth-paused' };
  const counts: Record<string, number> = {};
  // Only a walk of several pages publishes progress; an ordinary pull writes nothing for it.
  let reported = false;
  const report = async (progress: PullProgress) => {
    reported = true;
    await db.syncState.put({ key: pullProgressKey, progress });
  };
  const readable = lists.filter((list) =>
    audienceAdmits(session.user, list.readers ?? 'staff', scopeKey),
  );
  if (readable.length === 0) return { status: 'nothing-to-read' };
  try {
    for (const list of readable)
      counts[list.table] = await pullList(db, list, scopeKey, session.token, options, now, report);
  } catch (error) {
    if (error instanceof PullFailure && error.auth) {
      await markAuthPaused(db, session, now());
      return { status: 'auth-paused' };
    }
    const noAnswer = error instanceof PullFailure && error.noAnswer;
    return { status: 'error', message: describeError(error), noAnswer };
  } finally {
    // A walk cut short by a reload or a closed tab never reached this line and left its record
    // behind; the pull that finishes its walk may be one page, which reports nothing. So every
    // pull that ends clears a record it finds, or the status would say "Downloading…" for good.
    // (A walk running in another tab at that moment writes it again with its next page.)
    const left =
      reported || (await db.syncState.get(pullProgressKey).catch(() => undefined)) !== undefined;
    if (left) await db.syncState.delete(pullProgressKey).catch(() => undefined);
  }
  return { status: 'ok', ...counts };
}

const fullListSchema = z.array(z.unknown());

/** A page's response and its parsed body (null for a 304 or a 401, which have none to read). */
interface PageAnswer {
  response: Response;
  body: unknown;
}

/** Pulls one list page after page until the server says there is no more; rows changed. */
async function pullList(
  db: AppDatabase,
  list: MirrorListDefinition,
  scopeKey: string,
  token: string,
  options: PullOptions,
  now: () => number,
  report: (progress: PullProgress) => Promise<void>,
): Promise<number> {
  const client = createSyncClient(options);
  const key = cursorKey(scopeKey, list.table);
  // One window for the whole walk: a whole day (domain/created-range.ts), so pages agree.
  const since = await retentionStart(list, (options.serverTime ?? serverNow)(), db);
  const windowParam =
    since !== undefined && list.retention ? { [list.retention.param]: since } : {};
  let changed = 0;
  let received = 0;
  const requestPage = (cursor: string, etag: string | null | undefined): Promise<PageAnswer> =>
    client(list.path(scopeKey), {
      headers: {
        Authorization: `Bearer ${token}`,
        ...(etag ? { 'If-None-Match': etag } : {}),
      },
      searchParams: { updatedSince: cursor, limit: list.pageSize, ...windowParam },
    }).then(
      async (response) => ({
        response,
        body: response.status === 304 || response.status === 401 ? null : await jsonOf(response),
      }),
      (error: unknown) => {
        throw new PullFailure(describeError(error), { noAnswer: true });
      },
    );
  // The next page of a walk is asked for while this one is written: its download and parsing
  // overlap the IndexedDB write, which is most of a page's time on a tablet (first sync, issue 24
  // item 4). It is used only when the next round asks for exactly that page; otherwise dropped.
  let prefetched: { cursor: string; answer: Promise<PageAnswer> } | null = null;
  // The end of a pull, with or without rows: rows that aged out of the window leave the mirror.
  const finish = async () => {
    if (since !== undefined) await pruneMirror(db, list, scopeKey, since);
    return changed;
  };
  for (;;) {
    const state = await db.syncState.get(key);
    const stillProtected = await protectedIds(db);
    const previouslySkipped = state?.skippedIds ?? [];
    // Rows older than the window the cursor was read with were never fetched: start again.
    const readWithin = state?.windowSince ?? null;
    const widened = readWithin !== null && (since === undefined || since < readWithin);
    const rewind = !widened && previouslySkipped.some((id) => !stillProtected.has(id));
    const cursor = widened ? '0' : rewind ? (state?.skippedSince ?? '0') : (state?.cursor ?? '0');
    // The ETag describes the list as of the end of a walk; mid-walk or rewinding it says nothing.
    const etag = !rewind && !widened && !state?.more ? state?.etag : undefined;

    const ahead: Promise<PageAnswer> | null =
      prefetched?.cursor === cursor && !etag ? prefetched.answer : null;
    prefetched = null;
    const answer: PageAnswer = await (ahead ?? requestPage(cursor, etag));
    const response: Response = answer.response;
    const body: unknown = answer.body;
    if (response.status === 401) throw new PullFailure('HTTP 401', { auth: true });
    if (response.status === 304) {
      await db.syncState.update(key, { lastSyncedAt: now() });
      return finish();
    }
    if (!response.ok) throw new PullFailure(messageOf(body) ?? `HTTP ${response.status}`);
    const full = fullListSchema.safeParse(body);
    const page: ReturnType<typeof syncPageSchema.safeParse> | undefined = full.success
      ? undefined
      : syncPageSchema.safeParse(body);
    if (!full.success && !page?.success)
      throw new PullFailure('Invalid data format received from server');
    const items = full.success ? full.data : (page?.data?.items ?? []);
    const deleted = page?.data?.deleted ?? [];
    const more = page?.data?.more ?? false;
    const nextCursor: string | null = page?.data?.cursor ?? null;
    const table = db.table<Record<string, unknown>, string>(list.table);
    if (more && nextCursor !== null) {
      const answer = requestPage(nextCursor, undefined);
      // A page asked for ahead and then not used (the walk stopped or rewound) fails silently.
      answer.catch(() => undefined);
      prefetched = { cursor: nextCursor, answer };
    }

    changed += await db.transaction('rw', [table, db.outbox, db.syncState], async () => {
      const guarded = await protectedIds(db);
      // A refused write still waiting for the user keeps its row, however old (retention.ts).
      const waiting = since === undefined ? guarded : await idsWaitingToSync(db);
      const skipped: string[] = [];
      const seen = new Set<string>();
      const rows: Record<string, unknown>[] = [];
      const outOfWindow: string[] = [];
      for (const item of items) {
        const record = list.toRecord(item, scopeKey);
        if (!record) continue;
        seen.add(record._id);
        if (guarded.has(record._id)) skipped.push(record._id);
        else if (datedBefore(record, list, since) && !waiting.has(record._id))
          outOfWindow.push(record._id);
        else rows.push({ ...record });
      }
      await table.bulkPut(rows);
      // A change of a row dated before the window (a server that ignored the parameter, or an
      // edit of an old order) is not kept: the row leaves the mirror if it was still here.
      const toDelete = [...deleted, ...outOfWindow].filter((id) => {
        if (guarded.has(id)) skipped.push(id);
        return !guarded.has(id);
      });
      if (full.success && list.scopeIndex) {
        // A plain array is the whole list: local rows it lacks are gone, unless still being written.
        const local = await scopeRows(table, list.scopeIndex, scopeKey).primaryKeys();
        for (const id of local) if (!seen.has(id) && !guarded.has(id)) toDelete.push(id);
      }
      await table.bulkDelete(toDelete);
      // After a rewind every earlier skipped row is returned again from that cursor; otherwise the
      // earlier ones this page did not return must still be remembered, with their earlier cursor.
      const carried =
        rewind || widened ? [] : previouslySkipped.filter((id) => !seen.has(id) && guarded.has(id));
      const remembered = [...new Set([...carried, ...skipped])];
      const skippedSince =
        remembered.length === 0 ? null : carried.length > 0 ? (state?.skippedSince ?? '0') : cursor;
      await db.syncState.put({
        key,
        cursor: nextCursor,
        lastSyncedAt: now(),
        skippedIds: remembered,
        skippedSince,
        more,
        etag: more ? null : response.headers.get('etag'),
        windowSince: since ?? null,
      });
      return rows.length + toDelete.length;
    });
    received += items.length + deleted.length;
    if (!more) return finish();
    // A capped list is trimmed as a long walk goes, so a busy window never fills the device first.
    if (since !== undefined && list.retention?.maxRows !== undefined)
      await pruneMirror(db, list, scopeKey, since);
    const remaining = page?.data?.remaining;
    await report({
      list: list.table,
      done: received,
      total: remaining === undefined ? null : received + remaining,
    });
  }
}

/**
 * The rows of one scope through the list's `scopeIndex`: a plain index holding the scope key, or a
 * compound one that starts with it ('[department+sortName]').
 */
function scopeRows(table: Table<Record<string, unknown>, string>, index: string, scopeKey: string) {
  return index.startsWith('[')
    ? table.where(index).between([scopeKey, Dexie.minKey], [scopeKey, Dexie.maxKey])
    : table.where(index).equals(scopeKey);
}

/** Whether a record of a list with a retention window is dated before `since` (ISO text). */
function datedBefore(
  record: MirrorRow,
  list: MirrorListDefinition,
  since: string | undefined,
): boolean {
  if (since === undefined || !list.retention) return false;
  const dated: unknown = (record as unknown as Record<string, unknown>)[list.retention.field];
  return typeof dated === 'string' && dated < since;
}
