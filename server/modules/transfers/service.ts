import { sql, type Kysely } from 'kysely';
import {
  transferMessages,
  type TransferInput,
  type TransferResult,
} from '../../../domain/transfers.ts';
import { sameLocation } from '../../../domain/product-locations.ts';
import { newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import {
  findProduct,
  productIdExists,
  toProductJson,
  type ProductRow,
} from '../products/public.ts';
import type { DepartmentContext } from '../../context.ts';
import { addStock, decrementStock, storedCondition } from '../stock/public.ts';
import {
  insertMovementLog,
  movementLogIdExists,
  toMovementLogJson,
  type MovementLogRow,
} from './repository.ts';

/**
 * A stock transfer (docs/server-behaviour.md, 'Stock transfer'), inside the caller's transaction (the one that stores the
 * Idempotency-Key record): the stock leaves the product at `origin` and arrives at the product of
 * the same name at `destination` (merged, case-insensitively) or at a new product created there,
 * and a movement log says who moved what, when and why. All of it commits together or not at all.
 *
 * Invariants:
 * - Stock only changes relatively and conditionally: the decrement is one UPDATE … WHERE quantity
 *   >= n, so concurrent transfers can never drive a quantity below 0 (the CHECK would refuse it
 *   anyway), and the sum of a product name's quantities over all locations is unchanged.
 * - PostgreSQL: a transaction-scoped advisory lock on (department, name, destination) serializes
 *   transfers that may create the same destination product (no duplicates at one location), and
 *   both product rows are then locked in id order, so two transfers in opposite directions never
 *   deadlock. SQLite runs one write transaction at a time and needs neither.
 * - Names and locations match as `lower(x) = lower(?)` in SQL: full Unicode case folding on
 *   PostgreSQL, ASCII only on SQLite (its built-in lower()).
 */
type Db = Kysely<DatabaseSchema>;

/** A new row with the condition its first quantity gives, where the department has one. */
function located(row: ProductRow, descriptor: DepartmentContext['descriptor']) {
  return descriptor.extraFields.includes('condition')
    ? { ...row, condition: storedCondition(row, descriptor) }
    : row;
}

async function findDestination(
  trx: Db,
  department: string,
  source: ProductRow,
  destination: string,
): Promise<ProductRow | undefined> {
  return trx
    .selectFrom('products')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .where('id', '!=', source.id)
    .where(sql`lower(name)`, '=', sql`lower(${source.name})`)
    .where(sql`lower(location)`, '=', sql`lower(${destination})`)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
}

export async function transferStock(
  trx: Db,
  context: DepartmentContext,
  input: TransferInput,
  audit: AuditContext,
): Promise<TransferResult> {
  const { descriptor, dialect } = context;
  const department = descriptor.id;
  const amount = input.transferQuantity;
  const productJson = (row: ProductRow) => toProductJson(row, descriptor);
  if (input._id !== undefined && (await movementLogIdExists(trx, input._id))) {
    throw httpError(409, transferMessages.transferIdTaken);
  }
  const source = await findProduct(trx, department, input.productId);
  if (!source) throw httpError(404, transferMessages.productNotFound);
  // Stock at another location is no stock at this origin.
  if (!sameLocation(source.location, input.origin) || Number(source.quantity) < amount) {
    const available = sameLocation(source.location, input.origin) ? Number(source.quantity) : 0;
    throw httpError(409, transferMessages.exceedsStock, { available });
  }
  if (dialect === 'postgres') {
    const key = JSON.stringify([
      'transfer',
      department,
      source.name.toLocaleLowerCase(),
      input.destination.toLocaleLowerCase(),
    ]);
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
  let target = await findDestination(trx, department, source, input.destination);
  if (dialect === 'postgres') {
    const ids = [source.id, ...(target ? [target.id] : [])].sort();
    await trx
      .selectFrom('products')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  const now = nowIso();
  const origin = await decrementStock(trx, descriptor, source.id, amount, now);
  if (!origin) {
    const exists = await findProduct(trx, department, source.id);
    throw exists
      ? httpError(409, transferMessages.exceedsStock, { available: Number(exists.quantity) })
      : httpError(404, transferMessages.productNotFound);
  }
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'product',
    entityId: source.id,
    department,
    before: { ...productJson(source) },
    after: { ...productJson(origin) },
  });

  // Deleted since it was found (by an admin, in a transaction committed meanwhile): create anew.
  const merged = target ? await addStock(trx, descriptor, target.id, amount, now) : undefined;
  if (!merged) target = undefined;
  let destination: ProductRow;
  if (target && merged) {
    destination = merged;
    await recordChange(trx, audit, {
      action: 'update',
      entity: 'product',
      entityId: target.id,
      department,
      before: { ...productJson(target) },
      after: { ...productJson(destination) },
    });
    await tombstoneProvisionalId(trx, input.destinationProductId, destination, now);
  } else {
    destination = await createAtDestination(trx, context, source, input, now);
    await recordChange(trx, audit, {
      action: 'create',
      entity: 'product',
      entityId: destination.id,
      department,
      before: null,
      after: { ...productJson(destination) },
    });
  }

  const id = input._id ?? newId();
  const log: MovementLogRow = {
    id,
    department,
    transactionId: id,
    productId: source.id,
    productName: source.name,
    destinationProductId: destination.id,
    origin: source.location ?? input.origin,
    destination: destination.location ?? input.destination,
    transferQuantity: amount,
    reason: input.reason,
    userId: audit.userId,
    userEmail: audit.userEmail,
    transferDate: now,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertMovementLog(trx, log);
  return {
    message: transferMessages.success,
    log: toMovementLogJson(log),
    origin: productJson(origin),
    destination: productJson(destination),
  };
}

/** The product the transfer creates at the destination: same name, price and description. */
async function createAtDestination(
  trx: Db,
  context: DepartmentContext,
  source: ProductRow,
  input: TransferInput,
  now: string,
): Promise<ProductRow> {
  const proposed = input.destinationProductId;
  if (proposed !== undefined && (await productIdExists(trx, proposed))) {
    throw httpError(409, transferMessages.destinationIdTaken);
  }
  const row: ProductRow = located(
    {
      id: proposed ?? newId(),
      department: context.descriptor.id,
      name: source.name,
      description: source.description,
      price: Number(source.price),
      quantity: input.transferQuantity,
      imageId: null,
      location: input.destination,
      condition: null,
      nutrients: source.nutrients,
      // A barcode names one live product of the department (migration 0011): it stays with the
      // origin's product, so a scan opens the stock the article was first received into.
      barcode: null,
      reorderLevel: source.reorderLevel,
      version: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    },
    context.descriptor,
  );
  await trx.insertInto('products').values(row).execute();
  return row;
}

/**
 * A device that did not know of the destination product created a provisional one under its own
 * id; the stock went into the existing product instead. A tombstone under the provisional id
 * (never a live product) makes the device's next pull delete its provisional row. An id already
 * used anywhere is left alone.
 */
async function tombstoneProvisionalId(
  trx: Db,
  proposed: string | undefined,
  destination: ProductRow,
  now: string,
): Promise<void> {
  if (proposed === undefined || proposed === destination.id) return;
  if (await productIdExists(trx, proposed)) return;
  await trx
    .insertInto('products')
    .values({
      ...destination,
      id: proposed,
      quantity: 0,
      version: 1,
      deletedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
