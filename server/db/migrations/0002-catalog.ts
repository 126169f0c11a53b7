import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Products, orders, per-department order sequences, images and idempotency records.
 * Runs on SQLite and PostgreSQL: text, integer and bigint only, plus one binary column whose type
 * is the dialect's (blob / bytea). Money is bigint so price × quantity never overflows 32 bits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binaryType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull())
    // Stock never goes negative, whatever a racing transaction does.
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`"quantity" >= 0`))
    .addColumn('imageId', 'text')
    .addColumn('location', 'text')
    .addColumn('condition', 'text')
    .addColumn('nutrients', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    // Soft delete: the row stays as a tombstone so incremental pulls can report it.
    .addColumn('deletedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('products_department_updated_idx')
    .on('products')
    .columns(['department', 'updatedAt'])
    .execute();
  await db.schema
    .createIndex('products_department_created_idx')
    .on('products')
    .columns(['department', 'createdAt'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
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
    .execute();
  await db.schema
    .createIndex('orders_department_updated_idx')
    .on('orders')
    .columns(['department', 'updatedAt'])
    .execute();
  await db.schema
    .createIndex('orders_department_created_idx')
    .on('orders')
    .columns(['department', 'createdAt'])
    .execute();
  await db.schema.createIndex('orders_product_idx').on('orders').column('productId').execute();

  await db.schema
    .createTable('order_sequences')
    .addColumn('department', 'text', (col) => col.primaryKey())
    .addColumn('lastNumber', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('contentType', 'text', (col) => col.notNull())
    .addColumn('bytes', sql.raw(binaryType), (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('bodyHash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('statusCode', 'integer')
    .addColumn('responseBody', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['userId', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('createdAt')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'images', 'order_sequences', 'orders', 'products']) {
    await db.schema.dropTable(table).execute();
  }
}
