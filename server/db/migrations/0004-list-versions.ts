import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createListVersionTriggers, dropListVersionTriggers } from './list-version-triggers.ts';

/**
 * Change versions for the mirrored lists, and the index behind paged incremental pulls
 * (issue 8 part 4; server/modules/lists/sync-cursor.ts explains how they are used).
 *
 * `list_versions` holds one counter per (department, list) — list is the table name, 'products'
 * or 'orders'. Invariant: every committed transaction that inserts, updates or deletes rows of
 * that list in that department has raised the counter, and on PostgreSQL the counters rise in
 * commit order. A reader that reads the counter first and the rows after therefore sees every
 * change counted up to the value it read, so "version unchanged" means "nothing to send" (304 on
 * the incremental pull, the cached body of the plain GET).
 *
 * The bump lives in database triggers, so no writer can forget it: the routes, the demo seed, a
 * future bulk upload or stock transfer and tests that write rows directly are all covered.
 *
 * - SQLite runs one write transaction at a time, so a plain AFTER trigger per statement kind is
 *   enough; commit order is trivially the bump order.
 * - PostgreSQL uses a DEFERRABLE INITIALLY DEFERRED constraint trigger: it fires at COMMIT, after
 *   every other statement of the transaction (after the order sequence, the stock update, the
 *   idempotency record). The counter row stays locked from the bump until the commit, so two
 *   transactions that change one list bump and commit in the same order. The lock is held only
 *   while committing, so it serializes no more than the commit itself. The function locks all
 *   counter rows of the department in (department, list) order before bumping its own, so two
 *   committing transactions never wait for each other in opposite orders (no deadlock between
 *   the counters), and it bumps each list once per transaction (`lastTx`), however many rows the
 *   transaction wrote.
 *
 * Also replaces the (department, updatedAt) indexes by (department, updatedAt, id), which serves
 * `department = ? and (updatedAt, id) > (?, ?) order by updatedAt, id limit ?` on both dialects.
 */
const lists = ['products', 'orders'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('list_versions')
    .addColumn('department', 'text', (col) => col.notNull())
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    // PostgreSQL only: the transaction that bumped last (txid_current()), to bump once per
    // transaction. Always null on SQLite.
    .addColumn('lastTx', 'bigint')
    .addPrimaryKeyConstraint('list_versions_pk', ['department', 'list'])
    .execute();

  for (const list of lists) {
    await db.schema
      .createIndex(`${list}_department_updated_id_idx`)
      .on(list)
      .columns(['department', 'updatedAt', 'id'])
      .execute();
    // A prefix of the new index: it served nothing the new one does not.
    await db.schema.dropIndex(`${list}_department_updated_idx`).execute();
  }

  // Lists that already hold rows start at version 1, so no ETag handed out later can name a
  // state from before this migration.
  for (const list of lists) {
    await sql`insert into list_versions (department, list, version)
      select distinct department, ${list}, 1 from ${sql.table(list)}`.execute(db);
  }

  if (postgres) {
    await sql`
      create or replace function list_versions_bump() returns trigger
      language plpgsql as $$
      declare
        list_name text := TG_ARGV[0];
        dept text;
      begin
        foreach dept in array (
          case
            when TG_OP = 'INSERT' then array[NEW.department]
            when TG_OP = 'DELETE' then array[OLD.department]
            when OLD.department = NEW.department then array[NEW.department]
            else array[least(OLD.department, NEW.department), greatest(OLD.department, NEW.department)]
          end
        ) loop
          -- Already bumped by this transaction: the row is ours (locked) until commit.
          perform 1 from list_versions
            where department = dept and list = list_name and "lastTx" = txid_current();
          if found then
            continue;
          end if;
          insert into list_versions (department, list, version) values (dept, list_name, 0)
            on conflict do nothing;
          -- One lock order for every transaction: all counters of the department, by list.
          perform 1 from list_versions where department = dept order by list for update;
          update list_versions set version = version + 1, "lastTx" = txid_current()
            where department = dept and list = list_name;
        end loop;
        return null;
      end
      $$`.execute(db);
  }

  for (const list of lists) await createListVersionTriggers(db, list);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const list of lists) {
    await dropListVersionTriggers(db, list);
    await db.schema
      .createIndex(`${list}_department_updated_idx`)
      .on(list)
      .columns(['department', 'updatedAt'])
      .execute();
    await db.schema.dropIndex(`${list}_department_updated_id_idx`).execute();
  }
  if (postgres) await sql`drop function if exists list_versions_bump()`.execute(db);
  await db.schema.dropTable('list_versions').execute();
}
