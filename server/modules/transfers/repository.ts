import type { Kysely, Selectable } from 'kysely';
import type { MovementLogJson } from '../../../domain/transfers.ts';
import type { DatabaseSchema, MovementLogsTable } from '../../db/schema.ts';

/**
 * Queries of movement logs. Every query is scoped by department like the products', so the
 * list-version triggers, the paged pull (serve-list.ts) and the plain GET treat the logs as one
 * more mirrored list of the department.
 */
type Db = Kysely<DatabaseSchema>;
export type MovementLogRow = Selectable<MovementLogsTable>;

export function toMovementLogJson(row: MovementLogRow): MovementLogJson {
  return {
    _id: row.id,
    transactionId: row.transactionId,
    productId: row.productId,
    productName: row.productName,
    destinationProductId: row.destinationProductId,
    origin: row.origin,
    destination: row.destination,
    transferQuantity: Number(row.transferQuantity),
    reason: row.reason,
    userId: row.userId,
    userEmail: row.userEmail,
    transferDate: row.transferDate,
  };
}

/** The department's logs, newest first (the plain GET). */
export async function listMovementLogs(db: Db, department: string): Promise<MovementLogRow[]> {
  return db
    .selectFrom('movement_logs')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .orderBy('transferDate', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Whether a log of any department already has this id or transaction id (a client id is never
 * reused). Only admins transfer stock, and an admin sees every department (decision 0014).
 */
export async function movementLogIdExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('movement_logs')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', id), eb('transactionId', '=', id)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes one movement log inside the caller's transaction (a transfer, a delivery's line). */
export async function insertMovementLog(db: Db, row: MovementLogRow): Promise<void> {
  await db.insertInto('movement_logs').values(row).execute();
}
