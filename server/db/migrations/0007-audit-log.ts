import type { Kysely } from 'kysely';

/**
 * The audit trail (issue 13): one row per change to products, orders, printing orders and users,
 * written in the change's own transaction, so a change and its record commit together or not at
 * all. `at` is when the server applied it; `madeAt` when the user made it on their device (an
 * offline write can arrive hours later), when the client said so. `changes` is JSON:
 * {field: {before, after}} of the fields that changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('madeAt', 'text')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('userEmail', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entityId', 'text', (col) => col.notNull())
    .addColumn('department', 'text')
    .addColumn('changes', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity', 'entityId', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_user_idx')
    .on('audit_log')
    .columns(['userId', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
