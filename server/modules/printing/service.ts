import { recordChange, type AuditContext } from '../audit/public.ts';
import type { Kysely } from 'kysely';
import { orderTotal } from '../../../domain/orders.ts';
import {
  formatReceiptNumber,
  printingMessages,
  type PrintingOrderEditInput,
  type PrintingOrderInput,
  type PrintingOrderJson,
} from '../../../domain/printing.ts';
import { isUniqueViolation, newId, nowIso, type DialectName } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { nextOrderNumber, orderWriteMessages } from '../orders/public.ts';
import {
  findPrintingOrder,
  insertPrintingOrder,
  printingDepartment,
  printingOrderIdExists,
  toPrintingOrderJson,
  type PrintingOrderRow,
} from './repository.ts';

/**
 * The printing-order rules that need the database. Each runs inside the caller's transaction (the
 * one that stores the Idempotency-Key record). The server alone sets the money: totalPrice =
 * price × quantity on create and on every edit, whatever total the client sent.
 */
type Db = Kysely<DatabaseSchema>;

export async function createPrintingOrder(
  trx: Db,
  input: PrintingOrderInput,
  audit: AuditContext,
): Promise<PrintingOrderJson> {
  if (input._id !== undefined && (await printingOrderIdExists(trx, input._id))) {
    throw httpError(409, orderWriteMessages.orderIdTaken);
  }
  // The printing department's order number (nextOrderNumber: its counter row on SQLite, where a
  // rolled-back job leaves no gap; its sequence on PostgreSQL, decision 0033, where it may leave
  // one). Two jobs never share a number.
  const receiptSequence = await nextOrderNumber(trx, printingDepartment);
  const now = nowIso();
  const row: PrintingOrderRow = {
    id: input._id ?? newId(),
    department: printingDepartment,
    receiptSequence,
    receiptNumber: formatReceiptNumber(receiptSequence),
    description: input.description,
    price: input.price,
    quantity: input.quantity,
    totalPrice: orderTotal(input.price, input.quantity),
    contact: input.contact,
    category: input.category,
    userId: audit.userId,
    version: 1,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertPrintingOrder(trx, row);
  } catch (error) {
    // The same client id sent twice at once, without an Idempotency-Key: the second loses.
    if (isUniqueViolation(error)) throw httpError(409, orderWriteMessages.orderIdTaken);
    throw error;
  }
  const order = toPrintingOrderJson(row);
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'printing-order',
    entityId: row.id,
    department: printingDepartment,
    before: null,
    after: { ...order },
  });
  return order;
}

/** The full edit (admin): last writer wins; a price or category left out keeps the stored one. */
export async function editPrintingOrder(
  trx: Db,
  dialect: DialectName,
  id: string,
  input: PrintingOrderEditInput,
  audit: AuditContext,
): Promise<PrintingOrderJson> {
  const current = await findPrintingOrder(trx, id, dialect);
  if (!current) throw httpError(404, printingMessages.notFound);
  const price = input.price ?? Number(current.price);
  const changes = {
    description: input.description,
    price,
    quantity: input.quantity,
    totalPrice: orderTotal(price, input.quantity),
    contact: input.contact,
    category: input.category ?? current.category,
    version: Number(current.version) + 1,
    updatedAt: nowIso(),
  };
  await trx.updateTable('printing_orders').set(changes).where('id', '=', current.id).execute();
  const edited = toPrintingOrderJson({ ...current, ...changes });
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'printing-order',
    entityId: current.id,
    department: printingDepartment,
    before: { ...toPrintingOrderJson(current) },
    after: { ...edited },
  });
  return edited;
}

/** Soft delete: the row stays as a tombstone, so incremental pulls report it. */
export async function deletePrintingOrder(trx: Db, id: string, audit: AuditContext): Promise<void> {
  const now = nowIso();
  const deleted = await trx
    .updateTable('printing_orders')
    .set((eb) => ({ deletedAt: now, updatedAt: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('department', '=', printingDepartment)
    .where('deletedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!deleted) throw httpError(404, printingMessages.notFound);
  await recordChange(trx, audit, {
    action: 'delete',
    entity: 'printing-order',
    entityId: deleted.id,
    department: printingDepartment,
    before: { ...toPrintingOrderJson({ ...deleted, deletedAt: null }) },
    after: null,
  });
}
