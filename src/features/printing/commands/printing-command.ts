import type { z } from 'zod';
import { outboxMessages } from '../../../../domain/outbox.ts';
import type { AppDatabase, PrintingOrderRecord } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';

/**
 * What the print-job commands share (docs/offline-model.md, "Writes"). Each runs through
 * `runCommand` (src/sync/run-command.ts, decision 0030) over `printingTables`, for the printing
 * department: the optimistic change to the printing orders mirror and its outbox entry in one
 * transaction, as the signed-in user.
 */

export type { CommandDeps, CommandResult } from '../../../sync/run-command.ts';

/** The mirror table a print-job write spans. */
export function printingTables(db: AppDatabase) {
  return [db.printingOrders];
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
