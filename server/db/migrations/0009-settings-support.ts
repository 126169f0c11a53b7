import { sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Company settings and the support inbox (issue 12; docs/architecture.md section 3). SQLite and
 * PostgreSQL: text and integer only.
 *
 * - `settings`: one row, id 'company' (domain/settings.ts companySettingsId), written by the
 *   first save; before it the server answers the defaults. A mirrored list like printing
 *   orders, so every signed-in tablet keeps it offline (receipts print offline): `department`
 *   is the fixed 'all' (the list belongs to no department), its change version is the
 *   ('all', 'settings') counter of `list_versions`, raised by the same triggers, and the pull
 *   reads it through serve-list.ts with the (department, updatedAt, id) index. `deletedAt`
 *   exists because every mirrored list has it; nothing sets it.
 * - `support_messages`: the admin portal's Help & Support form, from a signed-in user
 *   (`userId`); plain text, never rendered as HTML. `readAt` null = unread.
 * - `contact_messages.readAt`: the same read flag for the public contact form's messages, so
 *   the inbox lists both kinds with one rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('tin', 'text', (col) => col.notNull())
    .addColumn('receiptFooter', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('deletedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('settings_department_updated_id_idx')
    .on('settings')
    .columns(['department', 'updatedAt', 'id'])
    .execute();
  await createListVersionTriggers(db, 'settings');

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('readAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();
  // The inbox, newest first.
  await db.schema
    .createIndex('support_messages_created_idx')
    .on('support_messages')
    .columns(['createdAt', 'id'])
    .execute();

  await db.schema.alterTable('contact_messages').addColumn('readAt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('readAt').execute();
  await db.schema.dropTable('support_messages').execute();
  await dropListVersionTriggers(db, 'settings');
  await db.schema.dropTable('settings').execute();
  await sql`delete from list_versions where list = 'settings'`.execute(db);
}
