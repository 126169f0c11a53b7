import type { Kysely, Selectable } from 'kysely';
import { departments, type DepartmentId } from '../../../domain/departments.ts';
import type { PrintingCategory, PrintingOrderJson } from '../../../domain/printing.ts';
import type { DialectName } from '../../db/database.ts';
import type { DatabaseSchema, PrintingOrdersTable } from '../../db/schema.ts';

/**
 * Queries of printing orders. Every row's `department` is the printing department's id (migration
 * 0005-printing-orders), and every query is scoped by it like the products', so the list-version
 * triggers, the paged pull (server/modules/lists/) and the counters treat printing as one more
 * department.
 */
type Db = Kysely<DatabaseSchema>;
export type PrintingOrderRow = Selectable<PrintingOrdersTable>;

/** The printing department's id, from its descriptor (domain/departments.ts), never a literal. */
export const printingDepartment: DepartmentId = departments.printing.id;

export function toPrintingOrderJson(row: PrintingOrderRow): PrintingOrderJson {
  return {
    _id: row.id,
    receiptNumber: row.receiptNumber,
    description: row.description,
    price: Number(row.price),
    quantity: Number(row.quantity),
    totalPrice: Number(row.totalPrice),
    contact: row.contact,
    // Only the schema's categories are ever written.
    category: row.category as PrintingCategory,
    userId: row.userId,
    version: Number(row.version),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Live printing orders, newest first (the plain GET). */
export async function listPrintingOrders(db: Db): Promise<PrintingOrderRow[]> {
  return db
    .selectFrom('printing_orders')
    .selectAll()
    .where('department', '=', printingDepartment)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('receiptSequence', 'desc')
    .execute();
}

/** A live printing order; `lock` takes a row lock on PostgreSQL (SQLite needs none). */
export async function findPrintingOrder(
  db: Db,
  id: string,
  lock?: DialectName,
): Promise<PrintingOrderRow | undefined> {
  return db
    .selectFrom('printing_orders')
    .selectAll()
    .where('id', '=', id)
    .where('department', '=', printingDepartment)
    .where('deletedAt', 'is', null)
    .$if(lock === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}

/**
 * Whether any row, live or deleted, has this id (a client id is never reused). Every row is the
 * printing department's, the only department that can write here, so the answer reveals nothing
 * about another department (decision 0014); `id` stays the table's only key.
 */
export async function printingOrderIdExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('printing_orders')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPrintingOrder(db: Db, row: PrintingOrderRow): Promise<void> {
  await db.insertInto('printing_orders').values(row).execute();
}
