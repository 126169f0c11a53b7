import { sql, type Kysely } from 'kysely';
import { adjustedStock, lineVariance } from '../../../domain/stock-count-variance.ts';
import {
  stockCountMessages,
  stockCountPlace,
  stockCountReason,
  type StartStockCountInput,
  type StockCountJson,
  type SubmitStockCountInput,
} from '../../../domain/stock-counts.ts';
import { newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/record.ts';
import { findProduct, toProductJson } from '../catalog/repository.ts';
import type { CatalogContext } from '../catalog/service.ts';
import { setCondition } from '../transfers/service.ts';
import {
  changesOf,
  findStockCount,
  stockCountIdExists,
  toStockCountJson,
  type StockCountWithLines,
} from './repository.ts';

/**
 * The life of a stock count (decision 0020), each step inside the caller's transaction (the one
 * that stores the Idempotency-Key record), so it works alone and as a step of POST /batch.
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

async function countOrThrow(
  trx: Db,
  context: CatalogContext,
  id: string,
): Promise<StockCountWithLines> {
  const count = await findStockCount(trx, context.descriptor.id, id, context.dialect);
  if (!count) throw httpError(404, stockCountMessages.notFound);
  return count;
}

async function setStatus(
  trx: Db,
  count: StockCountWithLines,
  from: string,
  changes: Partial<
    Pick<StockCountWithLines, 'status' | 'submittedAt' | 'submittedBy' | 'closedAt' | 'closedBy'>
  >,
  now: string,
): Promise<void> {
  const updated = await trx
    .updateTable('stock_counts')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', count.id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw httpError(409, stockCountMessages.notOpen);
}

async function forgetChanges(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('stock_count_changes').where('countId', '=', id).execute();
}

async function reread(trx: Db, context: CatalogContext, id: string): Promise<StockCountJson> {
  return toStockCountJson(await countOrThrow(trx, context, id));
}

export async function startStockCount(
  trx: Db,
  context: CatalogContext,
  input: StartStockCountInput,
  audit: AuditContext,
): Promise<StockCountJson> {
  const department = context.descriptor.id;
  if (input._id !== undefined && (await stockCountIdExists(trx, input._id))) {
    throw httpError(409, stockCountMessages.idTaken);
  }
  const open = await trx
    .selectFrom('stock_counts')
    .select('id')
    .where('department', '=', department)
    .where('status', '=', 'open')
    .where(sql`lower(location)`, '=', sql`lower(${input.location})`)
    .executeTakeFirst();
  if (open) throw httpError(409, stockCountMessages.alreadyOpen);

  const products = await trx
    .selectFrom('products')
    .select(['id', 'name', 'barcode', 'quantity', 'location'])
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .where(sql`lower(location)`, '=', sql`lower(${input.location})`)
    .$if(context.dialect === 'postgres', (query) => query.forShare())
    .execute();
  if (products.length === 0) throw httpError(409, stockCountMessages.noProducts);

  const now = nowIso();
  const id = input._id ?? newId();
  // The location as the products spell it, so the count reads like the inventory list.
  const location = products[0]?.location ?? input.location;
  await trx
    .insertInto('stock_counts')
    .values({
      id,
      department,
      location,
      status: 'open',
      startedAt: now,
      startedBy: audit.userEmail,
      submittedAt: null,
      submittedBy: null,
      closedAt: null,
      closedBy: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  // In slices: a location of thousands of products stays under every driver's parameter limit.
  for (let start = 0; start < products.length; start += 500) {
    await trx
      .insertInto('stock_count_lines')
      .values(
        products.slice(start, start + 500).map((product) => ({
          countId: id,
          productId: product.id,
          productName: product.name,
          barcode: product.barcode,
          stockAtStart: Number(product.quantity),
          counted: null,
          countedAt: null,
          expected: null,
          variance: null,
          adjustment: null,
        })),
      )
      .execute();
  }
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'stock-count',
    entityId: id,
    department,
    before: null,
    after: { location, status: 'open', lines: products.length },
  });
  return reread(trx, context, id);
}

/** A device's time of counting, kept within the count's life (a device clock may be off). */
function clampTime(claimed: string, earliest: string, latest: string): string {
  const iso = new Date(claimed).toISOString();
  if (iso < earliest) return earliest;
  return iso > latest ? latest : iso;
}

export async function submitStockCount(
  trx: Db,
  context: CatalogContext,
  id: string,
  input: SubmitStockCountInput,
  audit: AuditContext,
): Promise<StockCountJson> {
  const count = await countOrThrow(trx, context, id);
  if (count.status !== 'open') {
    throw httpError(
      409,
      count.status === 'submitted'
        ? stockCountMessages.alreadySubmitted
        : stockCountMessages.notOpen,
    );
  }
  const inCount = new Set(count.lines.map((line) => line.productId));
  if (input.lines.some((line) => !inCount.has(line.productId))) {
    throw httpError(400, stockCountMessages.notInCount);
  }
  const now = nowIso();
  const changes = await changesOf(trx, id);
  const submittedLines = new Map(input.lines.map((line) => [line.productId, line]));
  let counted = 0;
  for (const line of count.lines) {
    const submitted = submittedLines.get(line.productId);
    if (!submitted) continue;
    counted += 1;
    const countedAt = clampTime(submitted.countedAt, count.startedAt, now);
    const { expected, variance } = lineVariance({
      stockAtStart: Number(line.stockAtStart),
      changesSince: (changes.get(line.productId) ?? [])
        .filter((change) => change.at <= countedAt)
        .map((change) => ({ kind: 'change' as const, delta: change.delta })),
      counted: submitted.counted,
    });
    await trx
      .updateTable('stock_count_lines')
      .set({ counted: submitted.counted, countedAt, expected, variance })
      .where('countId', '=', id)
      .where('productId', '=', line.productId)
      .execute();
  }
  await setStatus(
    trx,
    count,
    'open',
    { status: 'submitted', submittedAt: now, submittedBy: audit.userEmail },
    now,
  );
  // The variances are computed; the trigger records nothing for a count that is not open.
  await forgetChanges(trx, id);
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'stock-count',
    entityId: id,
    department: context.descriptor.id,
    before: { status: 'open' },
    after: { status: 'submitted', counted },
  });
  return reread(trx, context, id);
}

export async function applyStockCount(
  trx: Db,
  context: CatalogContext,
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
        const changed = await trx
          .updateTable('products')
          .set((eb) => ({ quantity, version: eb('version', '+', 1), updatedAt: now }))
          .where('id', '=', product.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = await setCondition(trx, context, changed);
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
    await trx
      .updateTable('stock_count_lines')
      .set({ adjustment })
      .where('countId', '=', id)
      .where('productId', '=', line.productId)
      .execute();
  }
  await setStatus(
    trx,
    count,
    'submitted',
    { status: 'applied', closedAt: now, closedBy: audit.userEmail },
    now,
  );
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'stock-count',
    entityId: id,
    department,
    before: { status: 'submitted' },
    after: { status: 'applied' },
  });
  return reread(trx, context, id);
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

/** An admin drops an open or submitted count: nothing is adjusted. */
export async function cancelStockCount(
  trx: Db,
  context: CatalogContext,
  id: string,
  audit: AuditContext,
): Promise<StockCountJson> {
  const count = await countOrThrow(trx, context, id);
  if (count.status !== 'open' && count.status !== 'submitted') {
    throw httpError(
      409,
      count.status === 'applied' ? stockCountMessages.alreadyApplied : stockCountMessages.notOpen,
    );
  }
  const now = nowIso();
  await setStatus(
    trx,
    count,
    count.status,
    { status: 'cancelled', closedAt: now, closedBy: audit.userEmail },
    now,
  );
  await forgetChanges(trx, id);
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'stock-count',
    entityId: id,
    department: context.descriptor.id,
    before: { status: count.status },
    after: { status: 'cancelled' },
  });
  return reread(trx, context, id);
}
