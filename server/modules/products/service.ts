import type { Kysely } from 'kysely';
import {
  productFormVariant,
  productMessages,
  type ProductCreateInput,
  type ProductEditInput,
  type ProductJson,
} from '../../../domain/products.ts';
import { barcodeConflict, inventoryMessages } from '../../../domain/inventory-fields.ts';
import type { DepartmentContext } from '../../context.ts';
import { isUniqueViolation, newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import { saveImage, type StoredImageInput } from '../images/public.ts';
import { setStock, storedCondition } from '../stock/public.ts';
import { resolveProductEdit } from './product-edit.ts';
import { findProduct, findProductByBarcode, productIdExists, toProductJson } from './repository.ts';

/**
 * The product rules that need the database. Every function runs inside the caller's
 * transaction (the same one that stores the Idempotency-Key record), so a change and its record
 * commit together. Stock is only ever changed relatively and conditionally (docs/offline-model.md, "Stock").
 */
type Db = Kysely<DatabaseSchema>;

export const productWriteMessages = {
  productIdTaken: 'A product with this id already exists',
} as const;

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
  context: DepartmentContext,
  input: ProductCreateInput,
  image: StoredImageInput | undefined,
  audit: AuditContext,
): Promise<ProductJson> {
  const { descriptor } = context;
  if (input._id !== undefined && (await productIdExists(trx, input._id))) {
    throw httpError(409, productWriteMessages.productIdTaken);
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
  context: DepartmentContext,
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
  const { quantity, ...fields } = values;
  const now = nowIso();
  const changes = {
    ...fields,
    location: extra.includes('location') ? values.location : current.location,
    nutrients: extra.includes('nutrients') ? values.nutrients : current.nutrients,
    version: Number(current.version) + 1,
    updatedAt: now,
  };
  await withBarcodeConflict(() =>
    trx.updateTable('products').set(changes).where('id', '=', current.id).execute(),
  );
  // The stock (and the condition it and the new reorder level give) through its owner; the
  // UPDATE above already raised the version once for the whole edit.
  const stored = await setStock(trx, descriptor, current.id, quantity, now, {
    raiseVersion: false,
  });
  const updated = toProductJson(stored, descriptor);
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
  context: DepartmentContext,
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
