import type { Kysely } from 'kysely';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import {
  formatOrderId,
  orderMessages,
  orderTotal,
  type OrderCreateInput,
  type OrderJson,
} from '../../../domain/orders.ts';
import {
  productFormVariant,
  productMessages,
  type ProductCreateInput,
  type ProductEditInput,
  type ProductJson,
} from '../../../domain/products.ts';
import { barcodeConflict, inventoryMessages } from '../../../domain/inventory-fields.ts';
import { isUniqueViolation, newId, nowIso, type DialectName } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/record.ts';
import { saveImage, type StoredImageInput } from '../images/repository.ts';
import { resolveProductEdit } from './product-edit.ts';
import { storedCondition } from './stored-condition.ts';
import {
  findOrder,
  findProduct,
  findProductByBarcode,
  insertOrder,
  nextOrderNumber,
  orderIdExists,
  productIdExists,
  returnStock,
  takeStock,
  toOrderJson,
  toProductJson,
  type OrderRow,
} from './repository.ts';

/**
 * The products/orders rules that need the database. Every function runs inside the caller's
 * transaction (the same one that stores the Idempotency-Key record), so a change and its record
 * commit together. Stock is only ever changed relatively and conditionally (docs/offline-model.md, "Stock").
 */
type Db = Kysely<DatabaseSchema>;

export const catalogMessages = {
  productIdTaken: 'A product with this id already exists',
  orderIdTaken: 'An order with this id already exists',
} as const;

export interface CatalogContext {
  dialect: DialectName;
  descriptor: DepartmentDescriptor;
}

export async function placeOrder(
  trx: Db,
  context: CatalogContext,
  input: OrderCreateInput,
  audit: AuditContext,
): Promise<OrderJson> {
  const { descriptor } = context;
  const now = nowIso();
  // Only this department's orders count: another department's order with the same id is no
  // concern of this request and must not be revealed by it (decision 0014).
  if (input._id !== undefined && (await orderIdExists(trx, descriptor.id, input._id))) {
    throw httpError(409, catalogMessages.orderIdTaken);
  }
  const product = await takeStock(trx, descriptor.id, input.productId, input.quantity, now);
  if (!product) {
    const exists = await findProduct(trx, descriptor.id, input.productId);
    throw exists
      ? httpError(409, orderMessages.exceedsStock, { available: Number(exists.quantity) })
      : httpError(404, orderMessages.productNotFound);
  }
  if (descriptor.extraFields.includes('condition')) {
    await trx
      .updateTable('products')
      .set({ condition: storedCondition(product, descriptor) })
      .where('id', '=', product.id)
      .execute();
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
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertOrder(trx, row);
  } catch (error) {
    // The same client id sent twice at once without an Idempotency-Key: the second loses, as it
    // would have one statement later. The key is (department, id), so only this department's.
    if (isUniqueViolation(error)) throw httpError(409, catalogMessages.orderIdTaken);
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

async function refreshCondition(trx: Db, context: CatalogContext, productId: string) {
  if (!context.descriptor.extraFields.includes('condition')) return;
  const row = await trx
    .selectFrom('products')
    .select(['quantity', 'reorderLevel'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!row) return;
  await trx
    .updateTable('products')
    .set({ condition: storedCondition(row, context.descriptor) })
    .where('id', '=', productId)
    .execute();
}

export async function editOrder(
  trx: Db,
  context: CatalogContext,
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
    const taken = await takeStock(trx, descriptor.id, order.productId, difference, now);
    if (!taken) {
      const exists = await findProduct(trx, descriptor.id, order.productId);
      throw exists
        ? httpError(409, orderMessages.exceedsStock, { available: Number(exists.quantity) })
        : httpError(404, orderMessages.productNotFound);
    }
  } else if (difference < 0) {
    await returnStock(trx, descriptor.id, order.productId, -difference, now);
  }
  if (difference !== 0) await refreshCondition(trx, context, order.productId);
  const price = Number(order.price);
  const total = orderTotal(price, quantity);
  await trx
    .updateTable('orders')
    .set({ quantity, total, updatedAt: now })
    .where('department', '=', descriptor.id)
    .where('id', '=', order.id)
    .execute();
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
  context: CatalogContext,
  orderId: string,
  audit: AuditContext,
): Promise<void> {
  const { descriptor, dialect } = context;
  const order = await findOrder(trx, descriptor.id, orderId, dialect);
  if (!order) throw httpError(404, orderMessages.notFound);
  const now = nowIso();
  await returnStock(trx, descriptor.id, order.productId, Number(order.quantity), now);
  await refreshCondition(trx, context, order.productId);
  await trx
    .updateTable('orders')
    .set({ deletedAt: now, updatedAt: now })
    .where('department', '=', descriptor.id)
    .where('id', '=', order.id)
    .execute();
  await recordChange(trx, audit, {
    action: 'delete',
    entity: 'order',
    entityId: order.id,
    department: descriptor.id,
    before: { ...toOrderJson(order) },
    after: null,
  });
}

/**
 * Refuses a barcode another live product of the department has (409, a clear message). The
 * partial unique index is the guarantee under concurrent writes; this check names the conflict
 * before it (and the insert's unique violation is mapped to the same answer).
 */
async function assertBarcodeFree(
  trx: Db,
  department: string,
  barcode: string | null,
  productId: string,
): Promise<void> {
  if (barcode === null) return;
  const holder = await findProductByBarcode(trx, department, barcode);
  const conflict = barcodeConflict(barcode, productId, holder?.id);
  if (conflict) throw httpError(409, conflict);
}

/** A write of `products` that lost a race for a barcode answers as the check above would. */
async function withBarcodeConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // PostgreSQL names the index in `constraint`; SQLite names the columns in its message.
    const { constraint, message } = (error ?? {}) as { constraint?: unknown; message?: unknown };
    const onBarcode =
      constraint === 'products_department_barcode_live_idx' ||
      (typeof message === 'string' && message.includes('products.barcode'));
    if (isUniqueViolation(error) && onBarcode) {
      throw httpError(409, inventoryMessages.barcodeTaken);
    }
    throw error;
  }
}

export async function createProduct(
  trx: Db,
  context: CatalogContext,
  input: ProductCreateInput,
  image: StoredImageInput | undefined,
  audit: AuditContext,
): Promise<ProductJson> {
  const { descriptor } = context;
  if (input._id !== undefined && (await productIdExists(trx, input._id))) {
    throw httpError(409, catalogMessages.productIdTaken);
  }
  const id = input._id ?? newId();
  const barcode = input.barcode ?? null;
  await assertBarcodeFree(trx, descriptor.id, barcode, id);
  const now = nowIso();
  const imageId = image ? await saveImage(trx, image, now) : null;
  const located = productFormVariant(descriptor) === 'located';
  const row = {
    id,
    department: descriptor.id,
    name: input.name,
    description: input.description,
    price: input.price,
    quantity: input.quantity,
    imageId,
    location: located ? (input.location ?? null) : null,
    condition: descriptor.extraFields.includes('condition')
      ? storedCondition(input, descriptor)
      : null,
    nutrients: descriptor.extraFields.includes('nutrients') ? (input.nutrients ?? null) : null,
    barcode,
    reorderLevel: input.reorderLevel ?? null,
    version: 1,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await withBarcodeConflict(() => trx.insertInto('products').values(row).execute());
  const product = toProductJson(row, descriptor);
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'product',
    entityId: row.id,
    department: descriptor.id,
    before: null,
    after: { ...product },
  });
  return product;
}

/**
 * Full edit. Which values it writes, and when a stale view makes it a conflict (409, nothing
 * written), is `resolveProductEdit`'s rule (product-edit.ts, decision 0025).
 */
export async function updateProduct(
  trx: Db,
  context: CatalogContext,
  productId: string,
  input: ProductEditInput,
  audit: AuditContext,
): Promise<ProductJson> {
  const { descriptor, dialect } = context;
  const current = await findProduct(trx, descriptor.id, productId, dialect);
  if (!current) throw httpError(404, productMessages.notFound);
  const values = resolveProductEdit(current, input, descriptor);
  if (values.barcode !== current.barcode) {
    await assertBarcodeFree(trx, descriptor.id, values.barcode, current.id);
  }
  const extra = descriptor.extraFields;
  const changes = {
    ...values,
    location: extra.includes('location') ? values.location : current.location,
    nutrients: extra.includes('nutrients') ? values.nutrients : current.nutrients,
    condition: extra.includes('condition')
      ? storedCondition(values, descriptor)
      : current.condition,
    version: Number(current.version) + 1,
    updatedAt: nowIso(),
  };
  await withBarcodeConflict(() =>
    trx.updateTable('products').set(changes).where('id', '=', current.id).execute(),
  );
  const updated = toProductJson({ ...current, ...changes }, descriptor);
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'product',
    entityId: current.id,
    department: descriptor.id,
    before: { ...toProductJson(current, descriptor) },
    after: { ...updated },
  });
  return updated;
}

export async function deleteProduct(
  trx: Db,
  context: CatalogContext,
  productId: string,
  audit: AuditContext,
): Promise<void> {
  const { descriptor } = context;
  const now = nowIso();
  const deleted = await trx
    .updateTable('products')
    .set((eb) => ({ deletedAt: now, updatedAt: now, version: eb('version', '+', 1) }))
    .where('id', '=', productId)
    .where('department', '=', descriptor.id)
    .where('deletedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!deleted) throw httpError(404, productMessages.notFound);
  await recordChange(trx, audit, {
    action: 'delete',
    entity: 'product',
    entityId: deleted.id,
    department: descriptor.id,
    before: { ...toProductJson({ ...deleted, deletedAt: null }, descriptor) },
    after: null,
  });
}
