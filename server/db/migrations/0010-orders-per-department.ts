import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Orders are keyed per department: primary key (department, id) instead of id alone (decision
 * 0014). A client makes an order's id (a UUID, so an offline write keeps one id before and after
 * sync); with one key for the whole table, an employee who sent another department's order id
 * got 409 'An order with this id already exists' and so learned that the order exists. Now the
 * same id can name one order in each department, and a department answers 409 only for its own.
 *
 * Everything else about the table stays as 0002/0004 made it: the columns, the CHECK on
 * quantity, the unique `orderId`, the indexes (department, createdAt), (department, updatedAt,
 * id) and (productId), and the list-version triggers. No other table references orders.
 *
 * - PostgreSQL changes the key in place (the constraint trigger and the indexes stay).
 * - SQLite cannot change a primary key: the table is rebuilt (new table, rows copied, old table
 *   dropped, new one renamed; SQLite's documented procedure) inside one transaction, so a crash
 *   leaves either the old table or the new one. The copy fires no triggers and changes no row, so
 *   the list versions (and every ETag handed out) stay valid.
 */
const table = 'orders';
const primaryKey = 'orders_pkey';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The primary key constraint PostgreSQL gave the table (orders_pkey unless renamed by hand). */
async function postgresPrimaryKey(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = ${table}::regclass and contype = 'p'`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new Error(`The ${table} table has no primary key`);
  return name;
}

async function rebuildSqliteTable(
  db: Kysely<unknown>,
  key: readonly ('department' | 'id')[],
): Promise<void> {
  const rebuilt = `${table}_rebuilt`;
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable(rebuilt)
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('department', 'text', (col) => col.notNull())
      .addColumn('orderNumber', 'integer', (col) => col.notNull())
      .addColumn('orderId', 'text', (col) => col.notNull().unique())
      .addColumn('productId', 'text', (col) => col.notNull())
      .addColumn('productName', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`"quantity" >= 1`))
      .addColumn('price', 'bigint', (col) => col.notNull())
      .addColumn('total', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('userId', 'text', (col) => col.notNull())
      .addColumn('deletedAt', 'text')
      .addColumn('createdAt', 'text', (col) => col.notNull())
      .addColumn('updatedAt', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint(primaryKey, [...key])
      .execute();
    const columns = sql.join(
      [
        'id',
        'department',
        'orderNumber',
        'orderId',
        'productId',
        'productName',
        'quantity',
        'price',
        'total',
        'status',
        'userId',
        'deletedAt',
        'createdAt',
        'updatedAt',
      ].map((column) => sql.ref(column)),
    );
    await sql`insert into ${sql.table(rebuilt)} (${columns})
      select ${columns} from ${sql.table(table)}`.execute(trx);
    await dropListVersionTriggers(trx, table);
    await trx.schema.dropTable(table).execute();
    await trx.schema.alterTable(rebuilt).renameTo(table).execute();
    await trx.schema
      .createIndex('orders_department_created_idx')
      .on(table)
      .columns(['department', 'createdAt'])
      .execute();
    await trx.schema
      .createIndex('orders_department_updated_id_idx')
      .on(table)
      .columns(['department', 'updatedAt', 'id'])
      .execute();
    await trx.schema.createIndex('orders_product_idx').on(table).column('productId').execute();
    await createListVersionTriggers(trx, table);
  });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const current = await postgresPrimaryKey(db);
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.ref(current)},
      add constraint ${sql.ref(primaryKey)} primary key ("department", "id")`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, ['department', 'id']);
}

/** Back to one key for the table: fails (and changes nothing) while an id is in two departments. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const current = await postgresPrimaryKey(db);
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.ref(current)},
      add constraint ${sql.ref(primaryKey)} primary key ("id")`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, ['id']);
}
