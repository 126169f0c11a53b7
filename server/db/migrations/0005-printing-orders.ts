import { sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Printing orders (print jobs, issue 10). Runs on SQLite and PostgreSQL: text, integer and bigint.
 *
 * - `department` is always 'printing'. It makes the table a mirrored list like products and
 *   orders: its change version is the ('printing', 'printing_orders') counter of `list_versions`,
 *   raised by the same triggers (list-version-triggers.ts), and the paged pull, the cached plain
 *   GET and the admin counters read it with the same department-scoped queries.
 * - The receipt number 'PR-000123' comes from the printing department's row of `order_sequences`
 *   (created on first use, in the transaction that inserts the order), as order ids do for the
 *   product departments; `receiptSequence` keeps the number and `receiptNumber` is unique.
 * - Soft delete: `deletedAt` keeps the row as a tombstone for incremental pulls.
 * - Money is bigint whole shillings; `totalPrice` = price × quantity, computed by the server.
 */
const table = 'printing_orders';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('receiptSequence', 'integer', (col) => col.notNull())
    .addColumn('receiptNumber', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull().check(sql`"price" >= 1`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`"quantity" >= 1`))
    .addColumn('totalPrice', 'bigint', (col) => col.notNull())
    .addColumn('contact', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
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
    .createIndex(`${table}_department_created_idx`)
    .on(table)
    .columns(['department', 'createdAt'])
    .execute();
  await createListVersionTriggers(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropListVersionTriggers(db, table);
  await db.schema.dropTable(table).execute();
  await sql`delete from list_versions where list = ${table}`.execute(db);
}
