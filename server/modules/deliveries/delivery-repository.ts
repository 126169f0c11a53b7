import type { Kysely, Selectable } from 'kysely';
import type { DeliveryJson } from '../../../domain/goods-received.ts';
import { nextInSequence } from '../../db/department-sequence.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { declareList, listChanges, type ChangesFrom, type CreatedRange } from '../lists/public.ts';
import type { DeliveriesTable, DeliveryLinesTable } from './tables.ts';

/** The deliveries list of a department (served by delivery-routes.ts). */
export const deliveriesList = declareList('deliveries');

/** Queries of deliveries (migration 0017): a delivery is read with its lines, in their order. */
type Db = Kysely<DatabaseSchema>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type DeliveryLineRow = Selectable<DeliveryLinesTable>;
export type DeliveryWithLines = DeliveryRow & { lines: DeliveryLineRow[] };

export function toDeliveryJson(row: DeliveryWithLines): DeliveryJson {
  return {
    _id: row.id,
    grnNumber: row.grnNumber,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    noteNumber: row.noteNumber,
    receivedOn: row.receivedOn,
    lineCount: Number(row.lineCount),
    totalQuantity: Number(row.totalQuantity),
    lines: row.lines.map((line) => ({
      position: Number(line.position),
      productId: line.productId,
      productName: line.productName,
      location: line.location,
      quantity: Number(line.quantity),
      createdProduct: Number(line.createdProduct) === 1,
    })),
    userId: row.userId,
    userEmail: row.userEmail,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function withLines(
  db: Db,
  department: string,
  rows: DeliveryRow[],
): Promise<DeliveryWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('delivery_lines')
    .selectAll()
    .where('department', '=', department)
    .where(
      'deliveryId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('deliveryId')
    .orderBy('position')
    .execute();
  const byDelivery = new Map<string, DeliveryLineRow[]>();
  for (const line of lines) {
    const list = byDelivery.get(line.deliveryId) ?? [];
    list.push(line);
    byDelivery.set(line.deliveryId, list);
  }
  return rows.map((row) => ({ ...row, lines: byDelivery.get(row.id) ?? [] }));
}

/** The department's deliveries, newest first (the plain GET). */
export async function listDeliveries(db: Db, department: string): Promise<DeliveryWithLines[]> {
  const rows = await db
    .selectFrom('deliveries')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .orderBy('receivedOn', 'desc')
    .orderBy('sequenceNumber', 'desc')
    .execute();
  return withLines(db, department, rows);
}

/** A page of changed deliveries for the pull, with their lines. */
export async function deliveryChanges(
  db: Db,
  department: string,
  from: ChangesFrom,
  limit: number | undefined,
  range?: CreatedRange,
): Promise<DeliveryWithLines[]> {
  return withLines(
    db,
    department,
    await listChanges(db, deliveriesList, department, from, limit, range),
  );
}

/** One delivery of the department with its lines. */
export async function findDelivery(
  db: Db,
  department: string,
  id: string,
): Promise<DeliveryWithLines | undefined> {
  const row = await db
    .selectFrom('deliveries')
    .selectAll()
    .where('department', '=', department)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const [found] = await withLines(db, department, [row]);
  return found;
}

export async function deliveryIdExists(db: Db, department: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('deliveries')
    .select('id')
    .where('department', '=', department)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the supplier's note (by `noteNumberKey`) was already booked in the department. */
export async function noteBooked(
  db: Db,
  department: string,
  supplierId: string,
  noteKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('deliveries')
    .select('id')
    .where('department', '=', department)
    .where('supplierId', '=', supplierId)
    .where('noteKey', '=', noteKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The next number of the department's sequence (1, 2, …) inside the caller's transaction. */
export function nextGrnNumber(db: Db, department: string): Promise<number> {
  return nextInSequence(
    db,
    { postgresFunction: 'next_grn_number', sqliteCounter: 'grn_sequences' },
    department,
  );
}
