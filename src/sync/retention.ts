import Dexie from 'dexie';
import { windowStart } from '../../domain/created-range.ts';
import { db as defaultDb, type AppDatabase } from '../db/database.ts';
import type { MirrorListDefinition } from './registry.ts';

/**
 * A bounded mirror (decision 0035): a list that declares `retention` keeps the rows of a window
 * of recent days on the device, plus every row a write still waiting to sync touches. The window
 * is this device's own setting (a tablet's storage is its own), `defaultDays` until changed.
 *
 * Invariants:
 * - A row touched by an outbox entry that is pending, sending or failed (a refusal waiting for
 *   the user's Retry or Discard, which re-applies to that row) is never pruned.
 * - Pruning runs in small transactions (`pruneChunk` rows each) with a pause between them, so a
 *   screen's reads and a command's writes interleave with a long prune instead of waiting for it.
 */

/** The syncState key of a list's retention setting on this device. */
export function retentionKey(table: string): string {
  return `retention/${table}`;
}

export const retentionLimits = { minDays: 1, maxDays: 3660 } as const;

/** The days this device keeps of `list`, or undefined when the list keeps everything. */
export async function retentionDays(
  list: MirrorListDefinition,
  db: AppDatabase = defaultDb,
): Promise<number | undefined> {
  if (!list.retention) return undefined;
  const stored = (await db.syncState.get(retentionKey(list.table)))?.keepDays;
  return stored ?? list.retention.defaultDays;
}

/**
 * Changes the days this device keeps of `table`. A shorter window is pruned by the next pull; a
 * longer one makes the next pull read the list again from the start (pull.ts, `windowSince`).
 */
export async function setRetentionDays(
  table: string,
  days: number,
  db: AppDatabase = defaultDb,
): Promise<void> {
  if (!Number.isInteger(days) || days < retentionLimits.minDays || days > retentionLimits.maxDays)
    throw new RangeError(`Retention of ${days} days is outside the allowed range`);
  await db.syncState.put({ key: retentionKey(table), keepDays: days });
}

/** Where `list`'s window starts at `now` (ISO text), or undefined when it keeps everything. */
export async function retentionStart(
  list: MirrorListDefinition,
  now: Date,
  db: AppDatabase = defaultDb,
): Promise<string | undefined> {
  const days = await retentionDays(list, db);
  return days === undefined ? undefined : windowStart(now, days);
}

/** The unsettled outbox statuses whose touched rows a prune keeps. */
const keptStatuses = ['pending', 'sending', 'failed'] as const;

/** Ids of mirror rows a write still waiting to sync (or refused, awaiting the user) touches. */
export async function idsWaitingToSync(db: AppDatabase): Promise<Set<string>> {
  const entries = await db.outbox.where('status').anyOf(keptStatuses).toArray();
  const ids = new Set<string>();
  for (const entry of entries) for (const id of entry.touches ?? []) ids.add(id);
  return ids;
}

export const pruneChunk = 200;

/** Lets the event loop run (a screen's read, a command) between two prune transactions. */
function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Deletes, a chunk per transaction, `scopeKey`'s rows of `list` that the window or the row cap
 * no longer keeps (except rows still waiting to sync); returns how many went.
 */
export async function pruneMirror(
  db: AppDatabase,
  list: MirrorListDefinition,
  scopeKey: string,
  since: string,
  chunk = pruneChunk,
): Promise<number> {
  const retention = list.retention;
  if (!retention) return 0;
  const table = db.table<Record<string, unknown>, string>(list.table);
  const scope = () => table.where(retention.index);
  let pruned = await pruneOldest(
    db,
    table,
    () => scope().between([scopeKey, Dexie.minKey], [scopeKey, since], true, false),
    Infinity,
    chunk,
  );
  if (retention.maxRows !== undefined) {
    const rows = await scope().between([scopeKey, Dexie.minKey], [scopeKey, Dexie.maxKey]).count();
    pruned += await pruneOldest(
      db,
      table,
      () => scope().between([scopeKey, Dexie.minKey], [scopeKey, Dexie.maxKey]),
      rows - retention.maxRows,
      chunk,
    );
  }
  return pruned;
}

/** Deletes up to `count` of the oldest rows of `range` that nothing waiting to sync touches. */
async function pruneOldest(
  db: AppDatabase,
  table: Dexie.Table<Record<string, unknown>, string>,
  range: () => Dexie.Collection<Record<string, unknown>, string>,
  count: number,
  chunk: number,
): Promise<number> {
  let pruned = 0;
  while (pruned < count) {
    const wanted = Math.min(chunk, count - pruned);
    const removed = await db.transaction('rw', [table, db.outbox], async () => {
      const kept = await idsWaitingToSync(db);
      // Kept rows may sit among the oldest: read past them so a chunk still finds `wanted` others.
      const keys = await range()
        .limit(wanted + kept.size)
        .primaryKeys();
      const doomed = keys.filter((id) => !kept.has(id)).slice(0, wanted);
      await table.bulkDelete(doomed);
      return doomed.length;
    });
    pruned += removed;
    if (removed < wanted) return pruned;
    await pause();
  }
  return pruned;
}
