import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Sales of several items (issue 25 item 1, decision 0036). Text, integer and bigint only.
 *
 * - `sales`: one row per sale, keyed (department, id) like orders (a client-made id is unique
 *   within its department). A mirrored list of its department: (department, updatedAt, id)
 *   index and list-version triggers. `sequenceNumber` is the per-department sequence number behind
 *   the human `saleNumber` ('SALE-HW-000042').
 * - `orders.saleId` / `orders.saleNumber`: the sale an order line belongs to (null for a single
 *   order). The human sale number is copied onto the line so order lists and their JSON need
 *   no join; indexed by (department, saleId) to read a sale's lines.
 * - Sale numbers: on PostgreSQL one SEQUENCE per department made on first use by
 *   `next_sale_number(department)`, as migration 0014 does for orders (no hot counter row; a
 *   refused sale leaves a gap). On SQLite a counter row per department in `sale_sequences` (one
 *   writer at a time, so never contended, and no gap).
 */
const sales = 'sales';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(sales)
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('sequenceNumber', 'bigint', (col) => col.notNull())
    .addColumn('saleNumber', 'text', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull())
    .addColumn('lineCount', 'integer', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('deletedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint(`${sales}_pkey`, ['department', 'id'])
    .execute();
  await db.schema
    .createIndex(`${sales}_department_updated_id_idx`)
    .on(sales)
    .columns(['department', 'updatedAt', 'id'])
    .execute();
  await createListVersionTriggers(db, sales);

  await db.schema.alterTable('orders').addColumn('saleId', 'text').execute();
  await db.schema.alterTable('orders').addColumn('saleNumber', 'text').execute();
  await db.schema
    .createIndex('orders_department_sale_idx')
    .on('orders')
    .columns(['department', 'saleId'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create or replace function next_sale_number(dept text) returns bigint
      language plpgsql volatile as $$
      declare
        seq_name text := 'sale_number_' || dept;
      begin
        if to_regclass(quote_ident(seq_name)) is null then
          -- First sale of a department: one creator at a time.
          perform pg_advisory_xact_lock(hashtext(seq_name));
          execute format('create sequence if not exists %I', seq_name);
        end if;
        return nextval(quote_ident(seq_name)::regclass);
      end
      $$`.execute(db);
  } else {
    await db.schema
      .createTable('sale_sequences')
      .addColumn('department', 'text', (col) => col.primaryKey())
      .addColumn('lastNumber', 'integer', (col) => col.notNull())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c
      where c.relkind = 'S' and c.relname like 'sale\\_number\\_%'`.execute(db);
    for (const { name } of rows) await sql`drop sequence ${sql.table(name)}`.execute(db);
    await sql`drop function if exists next_sale_number(text)`.execute(db);
  } else {
    await db.schema.dropTable('sale_sequences').execute();
  }
  await db.schema.dropIndex('orders_department_sale_idx').execute();
  await db.schema.alterTable('orders').dropColumn('saleNumber').execute();
  await db.schema.alterTable('orders').dropColumn('saleId').execute();
  await dropListVersionTriggers(db, sales);
  await db.schema.dropTable(sales).execute();
  await sql`delete from list_versions where list = ${sales}`.execute(db);
}
