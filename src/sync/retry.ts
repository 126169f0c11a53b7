import { db as defaultDb, type AppDatabase } from '../db/database.ts';
import { CommandError, nothingToRetry } from './command-error.ts';
import { retryEntry } from './outbox.ts';
import {
  ensureOfflineEntities,
  retryWrite,
  typedEntry,
  writeDefinition,
  writeTables,
  type RetryEdits,
} from './registry.ts';

export interface RetryDeps {
  db?: AppDatabase;
  now?: () => number;
  uuid?: () => string;
}

/**
 * Retry of a failed write (optionally after editing). In one transaction over every registered
 * table the failed entry is removed and its kind's command runs again for the same record,
 * re-applying the optimistic change with the local checks and queuing a new entry under a new
 * Idempotency-Key (the server may have stored the rejection under the old one). A refusal by the
 * command (CommandError) rolls the transaction back, so the failed entry stays.
 *
 * An entry whose kind this version of the app does not know (queued by an older or newer
 * version) is re-queued as it is.
 */
export async function retryFailed(
  entryId: string,
  edits: RetryEdits = {},
  deps: RetryDeps = {},
): Promise<unknown> {
  const db = deps.db ?? defaultDb;
  const context = {
    db,
    now: deps.now ?? Date.now,
    uuid: deps.uuid ?? (() => crypto.randomUUID()),
  };
  await ensureOfflineEntities();
  const stored = await db.outbox.get(entryId);
  if (stored && !writeDefinition(stored.kind)) return retryEntry(entryId, deps);
  return db.transaction('rw', writeTables(db), async () => {
    const entry = await db.outbox.get(entryId);
    const typed = entry?.status === 'failed' ? typedEntry(entry) : undefined;
    if (!typed) throw new CommandError('invalid', nothingToRetry);
    await db.outbox.delete(entryId);
    return retryWrite(typed, edits, context);
  });
}
