import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Stock counts (issue 15 item 2; decision 0020). Text and integer only, on both databases.
 *
 * - `stock_counts`: one count of one location; a mirrored list of its department like the
 *   movement logs (department, id, updatedAt, deletedAt; the (department, updatedAt, id) index;
 *   list-version triggers). Every change of a count or of its lines updates this row, so the
 *   pull brings the lines with it. `status`: open → submitted → applied, or cancelled.
 * - `stock_count_lines`: the snapshot, one row per product at the location when the count
 *   started (`stockAtStart`, never sent to a client: the count is blind), then what was counted
 *   and, on submission, `expected` and `variance`; `adjustment` once applied.
 * - `stock_count_changes`: every change of a counted product's quantity while its count is open,
 *   written by a trigger on `products`, so no writer (orders, their edits and deletions,
 *   transfers, an admin's edit, a bulk upload, a future one) can forget it. A line's expected
 *   stock is its snapshot plus the changes up to the moment it was counted. `at` is ISO 8601 UTC
 *   with milliseconds, the format of every other timestamp, so text comparison is time order.
 */
const counts = 'stock_counts';
const lines = 'stock_count_lines';
const changes = 'stock_count_changes';
const trigger = 'stock_count_changes_record';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(counts)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('startedAt', 'text', (col) => col.notNull())
    .addColumn('startedBy', 'text', (col) => col.notNull())
    .addColumn('submittedAt', 'text')
    .addColumn('submittedBy', 'text')
    .addColumn('closedAt', 'text')
    .addColumn('closedBy', 'text')
    .addColumn('deletedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex(`${counts}_department_updated_id_idx`)
    .on(counts)
    .columns(['department', 'updatedAt', 'id'])
    .execute();
  // At most one open count per location: lower(location) is how locations compare everywhere.
  await sql`create unique index ${sql.raw(`${counts}_open_location_idx`)}
    on ${sql.table(counts)} (department, lower(location)) where status = 'open'`.execute(db);
  await createListVersionTriggers(db, counts);

  await db.schema
    .createTable(lines)
    .addColumn('countId', 'text', (col) => col.notNull())
    .addColumn('productId', 'text', (col) => col.notNull())
    .addColumn('productName', 'text', (col) => col.notNull())
    .addColumn('barcode', 'text')
    .addColumn('stockAtStart', 'integer', (col) => col.notNull())
    .addColumn('counted', 'integer')
    .addColumn('countedAt', 'text')
    .addColumn('expected', 'integer')
    .addColumn('variance', 'integer')
    .addColumn('adjustment', 'integer')
    .addPrimaryKeyConstraint(`${lines}_pkey`, ['countId', 'productId'])
    .execute();
  // The trigger finds the open counts of a product.
  await db.schema.createIndex(`${lines}_product_idx`).on(lines).column('productId').execute();

  await db.schema
    .createTable(changes)
    .addColumn('countId', 'text', (col) => col.notNull())
    .addColumn('productId', 'text', (col) => col.notNull())
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex(`${changes}_count_product_idx`)
    .on(changes)
    .columns(['countId', 'productId', 'at'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function ${sql.raw(trigger)}() returns trigger language plpgsql as $$
      begin
        if new.quantity is distinct from old.quantity then
          insert into stock_count_changes ("countId", "productId", delta, at)
          select l."countId", new.id, new.quantity - old.quantity,
                 to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          from stock_count_lines l join stock_counts c on c.id = l."countId"
          where l."productId" = new.id and c.status = 'open';
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(trigger)} after update of quantity on products
      for each row execute function ${sql.raw(trigger)}()`.execute(db);
  } else {
    await sql`create trigger ${sql.raw(trigger)} after update of quantity on products
      when new.quantity is not old.quantity
      begin
        insert into stock_count_changes ("countId", "productId", delta, at)
        select l."countId", new.id, new.quantity - old.quantity,
               strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        from stock_count_lines l join stock_counts c on c.id = l."countId"
        where l."productId" = new.id and c.status = 'open';
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists ${sql.raw(trigger)}${sql.raw(isPostgres(db) ? ' on products' : '')}`.execute(
    db,
  );
  if (isPostgres(db)) await sql`drop function if exists ${sql.raw(trigger)}()`.execute(db);
  await db.schema.dropTable(changes).execute();
  await db.schema.dropTable(lines).execute();
  await dropListVersionTriggers(db, counts);
  await db.schema.dropTable(counts).execute();
  await sql`delete from list_versions where list = ${counts}`.execute(db);
}
