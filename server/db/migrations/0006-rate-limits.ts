import type { Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every API process on the same database (login and contact
 * limits used to live in each process's memory, so two processes doubled them). One row per key
 * (route + client, or login account): the count in the current window and when it began (ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('windowStart', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_idx')
    .on('rate_limits')
    .column('windowStart')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
