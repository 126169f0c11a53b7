import type { Kysely } from 'kysely';
import {
  stockCountMessages,
  type StockCountJson,
  type StockCountStatus,
} from '../../../domain/stock-counts.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import type { DepartmentContext } from '../../context.ts';
import {
  findStockCount,
  toStockCountJson,
  type StockCountLineRow,
  type StockCountWithLines,
} from './repository.ts';

/**
 * The life of a stock count (decision 0020): start-, submit-, apply- and cancel-stock-count.ts,
 * each step inside the caller's transaction (the one that stores the Idempotency-Key record), so
 * it works alone and as a step of POST /batch. This file holds what the steps share.
 *
 * Invariants:
 * - The snapshot and the count's lines are written in one transaction; from its commit on, the
 *   trigger of migration 0012 records every change of those products' stock, so snapshot +
 *   recorded changes is the stock at any moment while the count is open. On PostgreSQL the
 *   snapshot reads the products FOR SHARE: a transaction changing one of them commits before the
 *   read (and is in the snapshot) or waits for the count's commit (and is recorded).
 * - Only an open count is submitted and only a submitted one applied or cancelled: each step
 *   changes the status with `WHERE status = …` on the locked row, so two tablets or two admins
 *   cannot do it twice.
 * - Applying changes each product by its variance, never below 0 (domain adjustedStock), and
 *   writes a movement 'stock count' and an audit entry per changed product, all in one
 *   transaction with the count's new status.
 */
type Db = Kysely<DatabaseSchema>;

export async function countOrThrow(
  trx: Db,
  context: DepartmentContext,
  id: string,
): Promise<StockCountWithLines> {
  const count = await findStockCount(trx, context.descriptor.id, id, context.dialect);
  if (!count) throw httpError(404, stockCountMessages.notFound);
  return count;
}

type CountStamps = Partial<
  Pick<StockCountWithLines, 'submittedAt' | 'submittedBy' | 'closedAt' | 'closedBy'>
>;

/**
 * Moves a count from the status it was read with to `to`, in one conditional UPDATE (a count
 * another request moved meanwhile is 409), records it in the audit trail and answers the count
 * as it is now.
 */
export async function moveCount(
  trx: Db,
  context: DepartmentContext,
  count: StockCountWithLines,
  audit: AuditContext,
  move: {
    to: StockCountStatus;
    stamps: CountStamps;
    now: string;
    detail?: Record<string, unknown>;
  },
): Promise<StockCountJson> {
  const updated = await trx
    .updateTable('stock_counts')
    .set({ ...move.stamps, status: move.to, updatedAt: move.now })
    .where('id', '=', count.id)
    .where('status', '=', count.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw httpError(409, stockCountMessages.notOpen);
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'stock-count',
    entityId: count.id,
    department: context.descriptor.id,
    before: { status: count.status },
    after: { status: move.to, ...move.detail },
  });
  return reread(trx, context, count.id);
}

/** Writes what a step learnt about one line of a count. */
export async function updateLine(
  trx: Db,
  countId: string,
  productId: string,
  changes: Partial<
    Pick<StockCountLineRow, 'counted' | 'countedAt' | 'expected' | 'variance' | 'adjustment'>
  >,
): Promise<void> {
  await trx
    .updateTable('stock_count_lines')
    .set(changes)
    .where('countId', '=', countId)
    .where('productId', '=', productId)
    .execute();
}

export async function forgetChanges(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('stock_count_changes').where('countId', '=', id).execute();
}

export async function reread(
  trx: Db,
  context: DepartmentContext,
  id: string,
): Promise<StockCountJson> {
  return toStockCountJson(await countOrThrow(trx, context, id));
}
