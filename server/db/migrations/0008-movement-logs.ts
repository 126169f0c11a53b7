import { sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Movement logs of stock transfers (issue 11; docs/server-behaviour.md, 'Stock transfer'). Runs on
 * SQLite and PostgreSQL: text and integer only.
 *
 * - A mirrored list like printing orders: `department` is the department whose products moved
 *   (godown), its change version is that department's 'movement_logs' counter in
 *   `list_versions`, raised by the same triggers (list-version-triggers.ts), and the paged pull
 *   reads it through serve-list.ts with the (department, updatedAt, id) index.
 * - A log is written once, in the transfer's own transaction, and never edited. `deletedAt`
 *   exists only because every mirrored list has it (serve-list.ts); nothing sets it today.
 * - `transactionId` is a UUID and unique: the client's id of a transfer made offline, so the log
 *   has the same id before and after sync.
 * - `userEmail` is copied from the signed-in user at the time of the transfer, so the log still
 *   says who moved the stock after the account is renamed or deleted.
 */
const table = 'movement_logs';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('transactionId', 'text', (col) => col.notNull().unique())
    .addColumn('productId', 'text', (col) => col.notNull())
    .addColumn('productName', 'text', (col) => col.notNull())
    .addColumn('destinationProductId', 'text', (col) => col.notNull())
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('destination', 'text', (col) => col.notNull())
    .addColumn('transferQuantity', 'integer', (col) =>
      col.notNull().check(sql`"transferQuantity" >= 1`),
    )
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('userEmail', 'text', (col) => col.notNull())
    .addColumn('transferDate', 'text', (col) => col.notNull())
    .addColumn('deletedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  // The paged pull: department = ? and (updatedAt, id) > (?, ?) order by updatedAt, id.
  await db.schema
    .createIndex(`${table}_department_updated_id_idx`)
    .on(table)
    .columns(['department', 'updatedAt', 'id'])
    .execute();
  // The plain GET, newest first.
  await db.schema
    .createIndex(`${table}_department_date_idx`)
    .on(table)
    .columns(['department', 'transferDate'])
    .execute();
  await createListVersionTriggers(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropListVersionTriggers(db, table);
  await db.schema.dropTable(table).execute();
  await sql`delete from list_versions where list = ${table}`.execute(db);
}
