import type { Kysely, Selectable } from 'kysely';
import type { SaleJson } from '../../../domain/sales.ts';
import { nextInSequence } from '../../db/department-sequence.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { declareList, listChanges, type ChangesFrom, type CreatedRange } from '../lists/public.ts';
import { toOrderJson, type OrderRow } from '../orders/public.ts';
import type { SalesTable } from './tables.ts';

/** The sales list (served by routes.ts through the lists module). */
export const salesList = declareList('sales');

/**
 * Queries of sales (migration 0016). A sale is read with its lines, which are the orders that
 * carry its id, in the order the clerk entered them (their order numbers rise in that order).
 */
type Db = Kysely<DatabaseSchema>;
export type SaleRow = Selectable<SalesTable>;
export type SaleWithLines = SaleRow & { lines: OrderRow[] };

export function toSaleJson(row: SaleWithLines): SaleJson {
  return {
    _id: row.id,
    saleNumber: row.saleNumber,
    total: Number(row.total),
    lineCount: Number(row.lineCount),
    lines: row.lines.map((line) => {
      const order = toOrderJson(line);
      return {
        _id: order._id,
        orderId: order.orderId,
        productId: order.productId,
        productName: order.productName,
        quantity: order.quantity,
        price: order.price,
        total: order.total,
      };
    }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The live order lines of these sales of one department. */
async function withLines(db: Db, department: string, rows: SaleRow[]): Promise<SaleWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('orders')
    .selectAll()
    .where('department', '=', department)
    .where(
      'saleId',
      'in',
      rows.map((row) => row.id),
    )
    .where('deletedAt', 'is', null)
    .orderBy('orderNumber')
    .execute();
  const bySale = new Map<string, OrderRow[]>();
  for (const line of lines) {
    const list = bySale.get(line.saleId ?? '') ?? [];
    list.push(line);
    bySale.set(line.saleId ?? '', list);
  }
  return rows.map((row) => ({ ...row, lines: bySale.get(row.id) ?? [] }));
}

/** The department's sales, newest first (the plain GET). */
export async function listSales(db: Db, department: string): Promise<SaleWithLines[]> {
  const rows = await db
    .selectFrom('sales')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('sequenceNumber', 'desc')
    .execute();
  return withLines(db, department, rows);
}

/** A page of changed sales for the pull, with their lines. */
export async function saleChanges(
  db: Db,
  department: string,
  from: ChangesFrom,
  limit: number | undefined,
  range?: CreatedRange,
): Promise<SaleWithLines[]> {
  return withLines(
    db,
    department,
    await listChanges(db, salesList, department, from, limit, range),
  );
}

/** One sale of the department with its lines. */
export async function findSale(
  db: Db,
  department: string,
  id: string,
): Promise<SaleWithLines | undefined> {
  const row = await db
    .selectFrom('sales')
    .selectAll()
    .where('department', '=', department)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const [found] = await withLines(db, department, [row]);
  return found;
}

/** Whether the department has a sale with this id (a client id is never reused). */
export async function saleIdExists(db: Db, department: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('sales')
    .select('id')
    .where('department', '=', department)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSale(db: Db, row: SaleRow): Promise<void> {
  await db.insertInto('sales').values(row).execute();
}

/** The next number of the department's sequence (1, 2, …) inside the caller's transaction. */
export function nextSaleNumber(db: Db, department: string): Promise<number> {
  return nextInSequence(
    db,
    { postgresFunction: 'next_sale_number', sqliteCounter: 'sale_sequences' },
    department,
  );
}
