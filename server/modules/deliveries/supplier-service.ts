import type { Kysely } from 'kysely';
import {
  supplierMessages,
  supplierNameKey,
  type SupplierInput,
  type SupplierJson,
} from '../../../domain/suppliers.ts';
import { isUniqueViolation, newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import {
  findSupplier,
  findSupplierByNameKey,
  supplierIdExists,
  toSupplierJson,
  type SupplierRow,
} from './supplier-repository.ts';

/**
 * Suppliers of a department (issue 25 item 3), written inside the caller's transaction (the one
 * holding the Idempotency-Key record). A name is one supplier whatever its case and spacing: the
 * check names the conflict, the unique index (department, nameKey) holds it under concurrent
 * writes on both databases, and its violation answers the same 409.
 */
type Db = Kysely<DatabaseSchema>;

async function withNameConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw httpError(409, supplierMessages.duplicateName);
    throw error;
  }
}

async function assertNameFree(
  trx: Db,
  department: string,
  nameKey: string,
  id: string,
): Promise<void> {
  const holder = await findSupplierByNameKey(trx, department, nameKey);
  if (holder && holder.id !== id) {
    throw httpError(409, supplierMessages.duplicateName, { supplierId: holder.id });
  }
}

export async function createSupplier(
  trx: Db,
  department: string,
  input: SupplierInput,
  audit: AuditContext,
): Promise<SupplierJson> {
  if (input._id !== undefined && (await supplierIdExists(trx, input._id))) {
    throw httpError(409, supplierMessages.idTaken);
  }
  const id = input._id ?? newId();
  const nameKey = supplierNameKey(input.name);
  await assertNameFree(trx, department, nameKey, id);
  const now = nowIso();
  const row: SupplierRow = {
    id,
    department,
    name: input.name,
    nameKey,
    phone: input.phone ?? null,
    notes: input.notes ?? null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await withNameConflict(() => trx.insertInto('suppliers').values(row).execute());
  const json = toSupplierJson(row);
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'supplier',
    entityId: id,
    department,
    before: null,
    after: { ...json },
  });
  return json;
}

/** A full edit: name, phone and notes as sent (an absent phone or note clears it). */
export async function updateSupplier(
  trx: Db,
  department: string,
  id: string,
  input: SupplierInput,
  audit: AuditContext,
): Promise<SupplierJson> {
  const current = await findSupplier(trx, department, id);
  if (!current) throw httpError(404, supplierMessages.notFound);
  const nameKey = supplierNameKey(input.name);
  await assertNameFree(trx, department, nameKey, id);
  const row: SupplierRow = {
    ...current,
    name: input.name,
    nameKey,
    phone: input.phone ?? null,
    notes: input.notes ?? null,
    updatedAt: nowIso(),
  };
  await withNameConflict(() =>
    trx
      .updateTable('suppliers')
      .set({
        name: row.name,
        nameKey: row.nameKey,
        phone: row.phone,
        notes: row.notes,
        updatedAt: row.updatedAt,
      })
      .where('id', '=', id)
      .execute(),
  );
  const json = toSupplierJson(row);
  await recordChange(trx, audit, {
    action: 'update',
    entity: 'supplier',
    entityId: id,
    department,
    before: { ...toSupplierJson(current) },
    after: { ...json },
  });
  return json;
}
