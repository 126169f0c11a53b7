import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Goods received (issue 25 item 3, decision 0037). Text, integer and bigint only.
 *
 * - `suppliers`: a mirrored list per department (the godown's tablets choose a supplier offline),
 *   keyed by id. `nameKey` (trimmed, lower-cased: domain/suppliers.ts) is unique per department,
 *   so two tablets adding "Azam Mills" and "azam mills" make one supplier and the second is told.
 * - `deliveries`: one row per delivery, keyed (department, id) like sales; a mirrored list with
 *   its (department, updatedAt, id) index and list-version triggers. `noteKey` (the supplier's
 *   note number, trimmed and lower-cased) is unique per (department, supplierId): the same note
 *   booked twice, even from two tablets with two client ids, is refused. `sequenceNumber` is behind
 *   the human `grnNumber` ('GRN-000042').
 * - `delivery_lines`: the lines in the clerk's order (`position`), the product raised or created
 *   and where the goods went. Read with their delivery; never a list of their own.
 * - GRN numbers: on PostgreSQL one SEQUENCE per department made on first use by
 *   `next_grn_number(department)`, as 0016 does for sales (no hot counter row); on SQLite a
 *   counter row per department in `grn_sequences` (one writer at a time).
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('nameKey', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('notes', 'text')
    .addColumn('deletedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('suppliers_department_name_key_idx')
    .on('suppliers')
    .columns(['department', 'nameKey'])
    .unique()
    .execute();
  await db.schema
    .createIndex('suppliers_department_updated_id_idx')
    .on('suppliers')
    .columns(['department', 'updatedAt', 'id'])
    .execute();
  await createListVersionTriggers(db, 'suppliers');

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('sequenceNumber', 'bigint', (col) => col.notNull())
    .addColumn('grnNumber', 'text', (col) => col.notNull())
    .addColumn('supplierId', 'text', (col) => col.notNull())
    .addColumn('supplierName', 'text', (col) => col.notNull())
    .addColumn('noteNumber', 'text', (col) => col.notNull())
    .addColumn('noteKey', 'text', (col) => col.notNull())
    .addColumn('receivedOn', 'text', (col) => col.notNull())
    .addColumn('lineCount', 'integer', (col) => col.notNull())
    .addColumn('totalQuantity', 'bigint', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('userEmail', 'text', (col) => col.notNull())
    .addColumn('deletedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('deliveries_pkey', ['department', 'id'])
    .execute();
  await db.schema
    .createIndex('deliveries_supplier_note_idx')
    .on('deliveries')
    .columns(['department', 'supplierId', 'noteKey'])
    .unique()
    .execute();
  await db.schema
    .createIndex('deliveries_department_updated_id_idx')
    .on('deliveries')
    .columns(['department', 'updatedAt', 'id'])
    .execute();
  await createListVersionTriggers(db, 'deliveries');

  await db.schema
    .createTable('delivery_lines')
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('deliveryId', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('productId', 'text', (col) => col.notNull())
    .addColumn('productName', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn('createdProduct', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('delivery_lines_pkey', ['department', 'deliveryId', 'position'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create or replace function next_grn_number(dept text) returns bigint
      language plpgsql volatile as $$
      declare
        seq_name text := 'grn_number_' || dept;
      begin
        if to_regclass(quote_ident(seq_name)) is null then
          -- First delivery of a department: one creator at a time.
          perform pg_advisory_xact_lock(hashtext(seq_name));
          execute format('create sequence if not exists %I', seq_name);
        end if;
        return nextval(quote_ident(seq_name)::regclass);
      end
      $$`.execute(db);
  } else {
    await db.schema
      .createTable('grn_sequences')
      .addColumn('department', 'text', (col) => col.primaryKey())
      .addColumn('lastNumber', 'integer', (col) => col.notNull())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c
      where c.relkind = 'S' and c.relname like 'grn\\_number\\_%'`.execute(db);
    for (const { name } of rows) await sql`drop sequence ${sql.table(name)}`.execute(db);
    await sql`drop function if exists next_grn_number(text)`.execute(db);
  } else {
    await db.schema.dropTable('grn_sequences').execute();
  }
  await db.schema.dropTable('delivery_lines').execute();
  for (const list of ['deliveries', 'suppliers']) {
    await dropListVersionTriggers(db, list);
    await db.schema.dropTable(list).execute();
    await sql`delete from list_versions where list = ${list}`.execute(db);
  }
}
