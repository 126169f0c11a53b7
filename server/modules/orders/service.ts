import type { Kysely } from 'kysely';
import {
  formatOrderId,
  orderMessages,
  orderTotal,
  type OrderCreateInput,
  type OrderJson,
} from '../../../domain/orders.ts';
import type { DepartmentContext } from '../../context.ts';
import { isUniqueViolation, newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import { findProduct } from '../products/public.ts';
import { decrementStock, returnStock } from '../stock/public.ts';
import {
  findOrder,
  insertOrder,
  nextOrderNumber,
  orderIdExists,
  orderWriteMessages,
  toOrderJson,
  type OrderRow,
} from './repository.ts';
import { saleLineChanged } from './sale-line-hooks.ts';

/**
 * The order rules that need the database. Every function runs inside the caller's transaction
 * (the same one that stores the Idempotency-Key record), so a change and its record commit
 * together. Stock is only ever changed relatively and conditionally, by the stock module
 * (docs/offline-model.md, "Stock").
 */
type Db = Kysely<DatabaseSchema>;

export async function placeOrder(
  trx: Db,
  context: DepartmentContext,
  input: OrderCreateInput,
  audit: AuditContext,
): Promise<OrderJson> {
  // SQLite. PostgreSQL places an order in one statement instead (place-order-postgres.ts,
  // decisions 0033 and 0044); SQLite keeps these: one writer at a time, in-process calls, nothing
  // to gain from fewer.
  const { descriptor } = context;
  const now = nowIso();
  // Only this department's orders count: another department's order with the same id is no
  // concern of this request and must not be revealed by it (decision 0014).
  if (input._id !== undefined && (await orderIdExists(trx, descriptor.id, input._id))) {
    throw httpError(409, orderWriteMessages.orderIdTaken);
  }
  const product = await decrementStock(trx, descriptor, input.productId, input.quantity, now);
  if (!product) {
    const exists = await findProduct(trx, descriptor.id, input.productId);
    throw exists
      ? httpError(409, orderMessages.exceedsStock, { available: Number(exists.quantity) })
      : httpError(404, orderMessages.productNotFound);
  }
  // Taken after the stock row so every order transaction locks rows in the same order.
  const orderNumber = await nextOrderNumber(trx, descriptor.id);
  const price = Number(product.price);
  const row: OrderRow = {
    id: input._id ?? newId(),
    department: descriptor.id,
    orderNumber,
    orderId: formatOrderId(descriptor.orderPrefix, orderNumber),
    productId: product.id,
    productName: product.name,
    quantity: input.quantity,
    price,
    total: orderTotal(price, input.quantity),
    status: 'pending',
    userId: audit.userId,
    saleId: null,
    saleNumber: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertOrder(trx, row);
  } catch (error) {
    // The same client id sent twice at once without an Idempotency-Key: the second loses, as it
    // would have one statement later. The key is (department, id), so only this department's.
    if (isUniqueViolation(error)) throw httpError(409, orderWriteMessages.orderIdTaken);
    throw error;
  }
  const order = toOrderJson(row);
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'order',
    entityId: row.id,
    department: descriptor.id,
    before: null,
    after: { ...order },
  });
  return order;
}

export async function editOrder(
  trx: Db,
  context: DepartmentContext,
  orderId: string,
  quantity: number,
  audit: AuditContext,
): Promise<OrderJson> {
  const { descriptor, dialect } = context;
  const order = await findOrder(trx, descriptor.id, orderId, dialect);
  if (!order) throw httpError(404, orderMessages.notFound);
  const now = nowIso();
  const difference = quantity - Number(order.quantity);
  if (difference > 0) {
    const taken = await decrementStock(trx, descriptor, order.productId, difference, now);
    if (!taken) {
      const exists = await findProduct(trx, descriptor.id, order.productId);
      throw exists
        ? httpError(409, orderMessages.exceedsStock, { available: Number(exists.quantity) })
        : httpError(404, orderMessages.productNotFound);
    }
  } else if (difference < 0) {
    await returnStock(trx, descriptor, order.productId, -difference, now);
  }
  const price = Number(order.price);
  const total = orderTotal(price, quantity);
  await trx
    .updateTable('orders')
    .set({ quantity, total, updatedAt: now })
    .where('department', '=', descriptor.id)
    .where('id', '=', order.id)
    .execute();
  if (order.saleId)
    await saleLineChanged(trx, { department: descriptor.id, saleId: order.saleId, at: now });
  const edited = toOrderJson({ ...order, quantity, total, updatedAt: now });
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'order',
    entityId: order.id,
    department: descriptor.id,
    before: { ...toOrderJson(order) },
    after: { ...edited },
  });
  return edited;
}

export async function deleteOrder(
  trx: Db,
  context: DepartmentContext,
  orderId: string,
  audit: AuditContext,
): Promise<void> {
  const { descriptor, dialect } = context;
  const order = await findOrder(trx, descriptor.id, orderId, dialect);
  if (!order) throw httpError(404, orderMessages.notFound);
  const now = nowIso();
  await returnStock(trx, descriptor, order.productId, Number(order.quantity), now);
  await trx
    .updateTable('orders')
    .set({ deletedAt: now, updatedAt: now })
    .where('department', '=', descriptor.id)
    .where('id', '=', order.id)
    .execute();
  if (order.saleId)
    await saleLineChanged(trx, { department: descriptor.id, saleId: order.saleId, at: now });
  await recordChange(trx, audit, {
    action: 'delete',
    entity: 'order',
    entityId: order.id,
    department: descriptor.id,
    before: { ...toOrderJson(order) },
    after: null,
  });
}
