import type { Kysely } from 'kysely';
import { adjustedStock } from '../../../domain/stock-count-variance.ts';
import {
  stockCountMessages,
  stockCountPlace,
  stockCountReason,
  type StockCountJson,
} from '../../../domain/stock-counts.ts';
import { newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import { findProduct, toProductJson } from '../products/public.ts';
import type { DepartmentContext } from '../../context.ts';
import { setStock } from '../stock/public.ts';
import { countOrThrow, moveCount, updateLine } from './count-state.ts';

type Db = Kysely<DatabaseSchema>;

/**
 * Applies a submitted count: each differing product's stock becomes max(0, stock now + variance),
 * with an audit entry and a movement 'stock count' each, and the count 'applied', in the caller's
 * transaction (count-state.ts states the invariants).
 */
export async function applyStockCount(
  trx: Db,
  context: DepartmentContext,
  id: string,
  audit: AuditContext,
): Promise<StockCountJson> {
  const department = context.descriptor.id;
  const count = await countOrThrow(trx, context, id);
  if (count.status !== 'submitted') {
    throw httpError(
      409,
      count.status === 'applied'
        ? stockCountMessages.alreadyApplied
        : stockCountMessages.notSubmitted,
    );
  }
  const now = nowIso();
  // Product rows are changed in id order, as transfers lock them, so the two never deadlock.
  const lines = [...count.lines].sort((a, b) => a.productId.localeCompare(b.productId));
  for (const line of lines) {
    if (line.variance === null) continue;
    const variance = Number(line.variance);
    const product =
      variance === 0
        ? undefined
        : await findProduct(trx, department, line.productId, context.dialect);
    let adjustment = 0;
    if (product) {
      const before = Number(product.quantity);
      const quantity = adjustedStock(before, variance);
      adjustment = quantity - before;
      if (adjustment !== 0) {
        const after = await setStock(trx, context.descriptor, product.id, quantity, now, {
          raiseVersion: true,
        });
        await recordChange(trx, audit, {
          action: 'update',
          entity: 'product',
          entityId: product.id,
          department,
          before: { ...toProductJson(product, context.descriptor) },
          after: { ...toProductJson(after, context.descriptor) },
        });
        await recordMovement(trx, department, count.location, line, adjustment, audit, now);
      }
    }
    await updateLine(trx, id, line.productId, { adjustment });
  }
  return moveCount(trx, context, count, audit, {
    to: 'applied',
    stamps: { closedAt: now, closedBy: audit.userEmail },
    now,
  });
}

/** The adjustment as a movement: a loss leaves the location, a surplus arrives there. */
async function recordMovement(
  trx: Db,
  department: string,
  location: string,
  line: { productId: string; productName: string },
  adjustment: number,
  audit: AuditContext,
  now: string,
): Promise<void> {
  const movementId = newId();
  await trx
    .insertInto('movement_logs')
    .values({
      id: movementId,
      department,
      transactionId: movementId,
      productId: line.productId,
      productName: line.productName,
      destinationProductId: line.productId,
      origin: adjustment < 0 ? location : stockCountPlace,
      destination: adjustment < 0 ? stockCountPlace : location,
      transferQuantity: Math.abs(adjustment),
      reason: stockCountReason,
      userId: audit.userId,
      userEmail: audit.userEmail,
      transferDate: now,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
