import type { Kysely, Selectable } from 'kysely';
import type { SupplierJson } from '../../../domain/suppliers.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { declareList, listChanges, type ChangesFrom } from '../lists/public.ts';
import type { SuppliersTable } from './tables.ts';

/** The suppliers list of a department (served by supplier-routes.ts through the lists module). */
export const suppliersList = declareList('suppliers');

type Db = Kysely<DatabaseSchema>;
export type SupplierRow = Selectable<SuppliersTable>;

export function toSupplierJson(row: SupplierRow): SupplierJson {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The department's live suppliers by name (the plain GET). */
export function listSuppliers(db: Db, department: string): Promise<SupplierRow[]> {
  return db
    .selectFrom('suppliers')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .orderBy('nameKey')
    .execute();
}

export function supplierChanges(
  db: Db,
  department: string,
  from: ChangesFrom,
  limit: number | undefined,
): Promise<SupplierRow[]> {
  return listChanges(db, suppliersList, department, from, limit);
}

/** A live supplier of the department. */
export function findSupplier(
  db: Db,
  department: string,
  id: string,
): Promise<SupplierRow | undefined> {
  return db
    .selectFrom('suppliers')
    .selectAll()
    .where('department', '=', department)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The department's live supplier with this name key, if any. */
export function findSupplierByNameKey(
  db: Db,
  department: string,
  nameKey: string,
): Promise<SupplierRow | undefined> {
  return db
    .selectFrom('suppliers')
    .selectAll()
    .where('department', '=', department)
    .where('nameKey', '=', nameKey)
    .executeTakeFirst();
}

/** Whether any supplier row has this id (a client id is never reused). */
export async function supplierIdExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('suppliers').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
