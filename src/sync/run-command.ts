import Dexie, { type Table } from 'dexie';
import { outboxMessages } from '../../domain/outbox.ts';
import { db as defaultDb, type AppDatabase, type SessionRecord } from '../db/database.ts';
import { CommandError } from './command-error.ts';
import { enqueue, type EntryDraft } from './outbox.ts';
import { ensureOfflineEntities } from './registry.ts';
import { serverNowMs } from './server-clock.ts';

/**
 * The one way an offline write is made (docs/offline-model.md, "Writes"; decision 0030): as the
 * signed-in user, in ONE Dexie transaction over the session, the tables the command changes and
 * the outbox, the command's optimistic change to the mirror AND its outbox entry are written:
 * either both commit or neither (a thrown error rolls both back). Record ids are client UUIDs,
 * so a record has the same id before and after sync; the entry keeps the steps that undo the
 * change for a permanent refusal.
 *
 * Commands never talk to the network; the sync engine notices the new entry and sends it.
 */

/** What a caller (a test, a retry) may fix; anything left out is the app's own. */
export interface CommandDeps {
  db?: AppDatabase;
  now?: () => number;
  uuid?: () => string;
}

/** What a command's `apply` is given, inside the transaction. */
export interface CommandContext {
  db: AppDatabase;
  /** The server's clock (decision 0026): mirror rows are stamped with it, as the server will. */
  now: () => number;
  uuid: () => string;
  /** The signed-in user the write is made as. */
  user: SessionRecord['user'];
}

export interface CommandResult {
  /** The id of the record the command created, changed or deleted. */
  id: string;
  /** The outbox entry (and Idempotency-Key) that carries the change to the server. */
  entryId: string;
}

type WithoutOwner<T> = T extends unknown ? Omit<T, 'id' | 'userId' | 'department'> : never;

/**
 * The entry a command queues, less what `runCommand` fills in (the signed-in user and the
 * department). `id` is the entry's id (its Idempotency-Key), taken by the command from
 * `context.uuid()` so it can mark the records it changed with it; `entityId` is the record the
 * command's result names.
 */
export type QueuedChange = WithoutOwner<EntryDraft> & { id: string };

export interface CommandSpec {
  /** The department the entry is queued for (its API path and its owner). */
  department: string;
  /** The mirror tables the optimistic change writes or reads (the session and outbox are added). */
  tables: (db: AppDatabase) => readonly Table[];
  /**
   * Checks the command against the mirror, writes the optimistic change and returns the outbox
   * entry that carries it. A `CommandError` thrown here refuses the command: nothing is written.
   */
  apply: (context: CommandContext) => Promise<QueuedChange>;
}

/**
 * Runs a command: checks the session ('signedOut' with the spec's 'Please sign in' message when
 * nobody is signed in), then `apply`, then queues the entry it returned under the signed-in user
 * and `department`, all in one transaction. Resolves to the entry's record id and entry id.
 */
export async function runCommand(
  spec: CommandSpec,
  deps: CommandDeps = {},
): Promise<CommandResult> {
  const db = deps.db ?? defaultDb;
  const now = deps.now ?? serverNowMs;
  // The entry's createdAt is when the user made it, on the device's own clock (sent as x-made-at).
  const deviceNow = deps.now ?? Date.now;
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  // The entry's kind must be declared before it is queued (the registry gives its path). The
  // declarations load after a tablet's first screen (decision 0028); a command made before then
  // waits for them. A retry runs inside a transaction, after retry.ts has loaded them: waiting
  // there on a promise would end that transaction.
  if (!Dexie.currentTransaction) await ensureOfflineEntities();
  return db.transaction('rw', [db.session, ...spec.tables(db), db.outbox], async () => {
    const session = await db.session.get('current');
    if (!session) throw new CommandError('signedOut', outboxMessages.notSignedIn);
    const entry = await spec.apply({ db, now, uuid, user: session.user });
    await enqueue(
      db,
      { ...entry, userId: session.user._id, department: spec.department },
      { now: deviceNow, uuid },
    );
    return { id: entry.entityId, entryId: entry.id };
  });
}
