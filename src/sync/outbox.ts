import { z } from 'zod';
import type { RefusalDetails } from '../../domain/outbox.ts';
import { db as defaultDb, type AppDatabase, type OutboxEntry } from '../db/database.ts';
import {
  mirrorList,
  mirrorTableNames,
  targetOf,
  writeDefinition,
  writeTables,
  type OutboxInputs,
  type OutboxKindName,
} from './registry.ts';

/**
 * The outbox: queued writes and the bookkeeping around them (docs/offline-model.md).
 *
 * Invariants:
 * - A command writes its optimistic change and its entry in one Dexie transaction (`enqueue`
 *   must be called inside a rw transaction over `outbox` and the mirror tables it changes).
 * - An entry's `id` is its Idempotency-Key for as long as its outcome may be unknown. Only a
 *   definitive rejection lets `retryEntry` give it a new id (the server may have stored the
 *   rejection under the old key).
 * - `rollback` is a list of mirror steps that undo exactly this entry's optimistic change; stock
 *   is undone by deltas, so later optimistic changes of the same row survive.
 * - Which tables exist, how a request is built and how an answer reconciles the mirror come from
 *   the registry (registry.ts); nothing here names an entity.
 */

/** One step that changes a mirrored record; used to undo an optimistic change. */
export type MirrorStep =
  | { op: 'delete'; table: string; key: string }
  | { op: 'put'; table: string; value: Record<string, unknown> }
  | { op: 'patch'; table: string; key: string; changes: Record<string, unknown> }
  | { op: 'increment'; table: string; key: string; field: string; by: number };

/** A multipart body kept in IndexedDB (Blobs survive structured cloning); the flusher builds FormData. */
export interface MultipartBody {
  multipart: true;
  fields: Record<string, string>;
  files: Record<string, Blob>;
}

export function isMultipartBody(body: unknown): body is MultipartBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { multipart?: unknown }).multipart === true &&
    typeof (body as { fields?: unknown }).fields === 'object'
  );
}

/**
 * What a command hands to `enqueue`: the kind, its typed input and the body to send (built once,
 * now: it is what the Idempotency-Key covers). The registry gives method and path; the outbox
 * fills in id, status, attempts and dependencies.
 */
export type EntryDraft = {
  [K in OutboxKindName]: {
    id?: string;
    userId: string;
    kind: K;
    input: OutboxInputs[K];
    body: unknown;
    department: string;
    entityId: string;
    touches: string[];
    rollback: MirrorStep[];
    label?: OutboxEntry['label'];
  };
}[OutboxKindName];

/** Entries whose outcome is not settled yet: their optimistic change is still in the mirror. */
export const unresolvedStatuses = ['pending', 'sending'] as const;

export function isUnresolved(entry: OutboxEntry): boolean {
  return entry.status === 'pending' || entry.status === 'sending';
}

/** Unresolved entries, oldest first. */
async function unresolvedInOrder(db: AppDatabase): Promise<OutboxEntry[]> {
  const unresolved = await db.outbox.where('status').anyOf(unresolvedStatuses).toArray();
  return unresolved.sort((a, b) => a.createdAt - b.createdAt);
}

export interface Clock {
  now?: () => number;
  uuid?: () => string;
}

/**
 * Adds an entry. Must run inside a rw transaction that includes `outbox`, so the dependency
 * lookup and the insert see the same queue as the optimistic change beside them.
 */
export async function enqueue(
  db: AppDatabase,
  draft: EntryDraft,
  clock: Clock = {},
): Promise<OutboxEntry> {
  const now = clock.now ?? Date.now;
  const uuid = clock.uuid ?? (() => crypto.randomUUID());
  const request = targetOf(draft.kind, draft.input, draft.department);
  const unresolved = await unresolvedInOrder(db);
  const dependsOn = unresolved
    .filter(
      (e) =>
        e.userId === draft.userId && e.entityId !== undefined && draft.touches.includes(e.entityId),
    )
    .map((e) => e.id);
  // createdAt is strictly increasing per device so FIFO never ties within one millisecond.
  const last = await db.outbox.orderBy('createdAt').last();
  const createdAt = Math.max(now(), (last?.createdAt ?? 0) + 1);
  const entry: OutboxEntry = {
    id: draft.id ?? uuid(),
    userId: draft.userId,
    kind: draft.kind,
    department: draft.department,
    method: request.method,
    path: request.path,
    body: draft.body,
    createdAt,
    attempts: 0,
    status: 'pending',
    lastError: null,
    nextAttemptAt: 0,
    entityId: draft.entityId,
    touches: draft.touches,
    dependsOn,
    rollback: draft.rollback,
    label: draft.label,
    input: draft.input,
  };
  await db.outbox.add(entry);
  return entry;
}

const tableName = z.string().refine((name) => mirrorTableNames().includes(name));

const mirrorStepSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('delete'), table: tableName, key: z.string() }),
  z.object({ op: z.literal('put'), table: tableName, value: z.record(z.string(), z.unknown()) }),
  z.object({
    op: z.literal('patch'),
    table: tableName,
    key: z.string(),
    changes: z.record(z.string(), z.unknown()),
  }),
  z.object({
    op: z.literal('increment'),
    table: tableName,
    key: z.string(),
    field: z.string(),
    by: z.number(),
  }),
]);

const rollbackSchema = z.array(mirrorStepSchema);

function mirrorTable(db: AppDatabase, name: string) {
  return db.table<Record<string, unknown>, string>(name);
}

/** Applies mirror steps in order. Call inside a rw transaction over the tables involved. */
export async function applySteps(db: AppDatabase, steps: readonly MirrorStep[]): Promise<void> {
  for (const step of steps) {
    const table = mirrorTable(db, step.table);
    switch (step.op) {
      case 'delete':
        await table.delete(step.key);
        break;
      case 'put':
        await table.put(step.value);
        break;
      case 'patch':
        await table.update(step.key, step.changes);
        break;
      case 'increment': {
        const row = await table.get(step.key);
        const current = row?.[step.field];
        // A row that is gone (deleted by a pull) has nothing to restore; the next pull is the truth.
        if (row && typeof current === 'number')
          await table.update(step.key, { [step.field]: current + step.by });
        break;
      }
    }
  }
}

/** The rollback steps of an entry, or none when the stored value is not a valid step list. */
export function rollbackOf(entry: OutboxEntry): MirrorStep[] {
  const parsed = rollbackSchema.safeParse(entry.rollback ?? []);
  return parsed.success ? parsed.data : [];
}

/** Record ids that unresolved entries changed optimistically; pulls must not overwrite them. */
export async function protectedIds(db: AppDatabase): Promise<Set<string>> {
  const unresolved = await db.outbox.where('status').anyOf(unresolvedStatuses).toArray();
  const ids = new Set<string>();
  for (const entry of unresolved) for (const id of entry.touches ?? []) ids.add(id);
  return ids;
}

/**
 * Marks `entry` failed with `message`, together with every later unresolved entry that depends
 * on it (transitively), and rolls their optimistic changes back newest first, so deltas unwind
 * in the reverse order they were applied. One transaction.
 */
export async function failWithDependents(
  db: AppDatabase,
  entryId: string,
  message: string,
  details: RefusalDetails = {},
): Promise<string[]> {
  return db.transaction('rw', writeTables(db), async () => {
    const entry = await db.outbox.get(entryId);
    if (!entry) return [];
    const all = await db.outbox.orderBy('createdAt').toArray();
    const failed = new Set<string>([entry.id]);
    const chain: OutboxEntry[] = [entry];
    for (const candidate of all) {
      if (candidate.createdAt <= entry.createdAt || !isUnresolved(candidate)) continue;
      if ((candidate.dependsOn ?? []).some((id) => failed.has(id))) {
        failed.add(candidate.id);
        chain.push(candidate);
      }
    }
    for (const item of [...chain].reverse()) {
      if (item.status !== 'failed') await applySteps(db, rollbackOf(item));
      // A new refusal is unread, whatever an earlier failure of the same entry was.
      await db.outbox.update(item.id, {
        status: 'failed',
        lastError: message,
        // What the server said of this entry itself; its dependents were never sent.
        refusal: item.id === entry.id ? details : {},
        noticeReadAt: undefined,
      });
    }
    return chain.map((e) => e.id);
  });
}

/** One accepted write and the server's answer to it. */
export interface Accepted {
  entryId: string;
  response: unknown;
}

/**
 * Applies successful responses, in order, in ONE transaction (a batch's worth: the mirror's
 * observers then re-read once, not once per entry): the entries are removed and, where the kind
 * says how, the server's record of each entity is put into the mirror, unless an entry still
 * unresolved changes it (its optimistic state stays until it settles too).
 */
export async function completeEntries(
  db: AppDatabase,
  accepted: readonly Accepted[],
): Promise<void> {
  if (accepted.length === 0) return;
  await db.transaction('rw', writeTables(db), async () => {
    const ids = accepted.map((a) => a.entryId);
    const entries = await db.outbox.bulkGet(ids);
    await db.outbox.bulkDelete(ids);
    // Read once for the whole group: the accepted entries are gone, the rest still protect.
    const guarded = await protectedIds(db);
    for (const [index, entry] of entries.entries()) {
      if (entry) await reconcileEntry(db, entry, accepted[index]?.response, guarded);
    }
  });
}

async function reconcileEntry(
  db: AppDatabase,
  entry: OutboxEntry,
  response: unknown,
  guarded: ReadonlySet<string>,
): Promise<void> {
  const reconcile = writeDefinition(entry.kind)?.reconcile;
  const list = reconcile ? mirrorList(reconcile.table) : undefined;
  if (!reconcile || !list || !entry.entityId) return;
  const key = entry.entityId;
  const table = mirrorTable(db, list.table);
  // The record is the body itself or wrapped ({message, order} / {message, product}).
  const wrapped =
    typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
  const candidates: unknown[] = [
    reconcile.pick ? wrapped[reconcile.pick] : response,
    response,
    ...Object.values(wrapped),
  ];
  const record = candidates
    .map((raw) => list.toRecord(raw, entry.department ?? ''))
    .find((parsed) => parsed?._id === key);
  if (!guarded.has(key) && record) {
    await table.put({ ...record });
    return;
  }
  // The server accepted the change; the row is no longer waiting on this entry.
  if (list.pendingField) {
    const row = await table.get(key);
    if (row?.[list.pendingField] === entry.id)
      await table.update(key, { [list.pendingField]: null });
  }
}

export interface OutboxDeps {
  db?: AppDatabase;
  now?: () => number;
  uuid?: () => string;
}

/**
 * Re-queues a failed entry. The server rejected it definitively and may have stored that answer
 * under the old Idempotency-Key, so the re-queued entry gets a new id (a new key); it keeps its
 * place in the FIFO. An edited `body` replaces the old one. The optimistic change is not
 * re-applied here (retry.ts re-runs the kind's command for that); this is the fallback for an
 * entry whose kind this version of the app does not know.
 */
export async function retryEntry(
  entryId: string,
  options: OutboxDeps & { body?: unknown } = {},
): Promise<string | undefined> {
  const db = options.db ?? defaultDb;
  const uuid = options.uuid ?? (() => crypto.randomUUID());
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(entryId);
    if (!entry || entry.status !== 'failed') return undefined;
    const id = uuid();
    const unresolved = await unresolvedInOrder(db);
    const dependsOn = unresolved
      .filter(
        (e) =>
          e.userId === entry.userId &&
          e.entityId !== undefined &&
          (entry.touches ?? []).includes(e.entityId),
      )
      .map((e) => e.id);
    await db.outbox.delete(entryId);
    await db.outbox.add({
      ...entry,
      id,
      body: options.body === undefined ? entry.body : options.body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      refusal: {},
      noticeReadAt: undefined,
      dependsOn,
      rollback: [],
    });
    return id;
  });
}

/** Deletes a failed entry (its optimistic change was already rolled back). */
export async function discardEntry(entryId: string, options: OutboxDeps = {}): Promise<boolean> {
  const db = options.db ?? defaultDb;
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(entryId);
    if (!entry || entry.status !== 'failed') return false;
    await db.outbox.delete(entryId);
    return true;
  });
}

/**
 * Marks the refusal notices of these failed entries as read (the user opened the review list or
 * closed the notice): until then every start of the app shows them again, so a refusal that came
 * in while nobody looked is never missed.
 */
export async function markFailuresRead(
  entryIds: readonly string[],
  options: OutboxDeps & { now?: () => number } = {},
): Promise<void> {
  const db = options.db ?? defaultDb;
  const readAt = (options.now ?? Date.now)();
  await db.transaction('rw', db.outbox, async () => {
    for (const entry of await db.outbox.bulkGet([...entryIds])) {
      if (entry?.status === 'failed' && entry.noticeReadAt === undefined) {
        await db.outbox.update(entry.id, { noticeReadAt: readAt });
      }
    }
  });
}

/** The first `limit` unresolved entries of `userId` in FIFO order: the head and what follows it. */
export async function queueOf(
  db: AppDatabase,
  userId: string,
  limit: number,
): Promise<OutboxEntry[]> {
  return db.outbox
    .where('[userId+createdAt]')
    .between([userId, -Infinity], [userId, Infinity])
    .filter(isUnresolved)
    .limit(limit)
    .toArray();
}
