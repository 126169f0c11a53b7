import type { z } from 'zod';
import { outboxMessages } from '../../../../domain/outbox.ts';
import {
  db as defaultDb,
  type AppDatabase,
  type PrintingOrderRecord,
} from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { enqueue } from '../../../sync/outbox.ts';
// Types only: the queueing itself cannot be shared (its transaction spans the catalog's tables).
import type {
  CommandContext,
  CommandDeps,
  CommandResult,
  QueuedChange,
} from '../../department/catalog-command.ts';
import { printingDepartment } from '../data/printing-wire.ts';
// Declares the printing list and writes in the sync registry before any command queues a write.
import '../data/offline-entities.ts';
import { serverNowMs } from '../../../sync/server-clock.ts';

/**
 * What the print-job commands share (docs/offline-model.md, "Writes"): the optimistic change to the
 * printing orders mirror and its outbox entry in ONE Dexie transaction, as the signed-in user.
 * The catalog's `queueCommand` spans the products and orders tables instead, so it cannot serve
 * here; this is its printing counterpart, with the same deps, result and entry types. Commands never talk to the network.
 */

export type { CommandDeps, CommandResult };

/** The catalog commands' context, plus the signed-in user (a print job records who took it). */
export type PrintingCommandContext = CommandContext & { userId: string };

/** Runs `change` and queues the entry it returns, in one transaction with the mirror. */
export function queuePrintingCommand(
  deps: CommandDeps | undefined,
  change: (context: PrintingCommandContext) => Promise<QueuedChange>,
): Promise<CommandResult> {
  const db = deps?.db ?? defaultDb;
  // Records are stamped on the server's clock (decision 0026); the entry keeps the device's own.
  const now = deps?.now ?? serverNowMs;
  const deviceNow = deps?.now ?? Date.now;
  const uuid = deps?.uuid ?? (() => crypto.randomUUID());
  return db.transaction('rw', [db.session, db.printingOrders, db.outbox], async () => {
    const session = await db.session.get('current');
    if (!session) throw new CommandError('signedOut', outboxMessages.notSignedIn);
    const entry = await change({ db, now, uuid, userId: session.user._id });
    const owner = { userId: session.user._id, department: printingDepartment };
    await enqueue(db, { ...entry, ...owner }, { now: deviceNow, uuid });
    return { id: entry.entityId, entryId: entry.id };
  });
}

/** A print job of the mirror, or the spec's 'Order not found'. */
export async function printJobOf(db: AppDatabase, id: string): Promise<PrintingOrderRecord> {
  const order = await db.printingOrders.get(id);
  if (!order) throw new CommandError('orderNotFound', outboxMessages.orderNotFound);
  return order;
}

/**
 * Parses a job's fields with a domain schema; the first issue (the spec's message, e.g. 'Please
 * fill in all fields with valid values.') is the refusal, and nothing is queued.
 */
export function parseJob<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new CommandError('invalid', parsed.error.issues[0]?.message ?? 'Invalid input');
  }
  return parsed.data;
}
