import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * List versions without a hot row on PostgreSQL (issue 24 item 1, decision 0041).
 *
 * Until now each (department, list) had ONE counter row (migration 0004-list-versions). Every
 * order of a department bumped it at COMMIT and held its lock through the commit's disk flush, so
 * a department's orders committed one flush after another, whatever the number of API processes
 * (pgbench, 20 clients: 520–650 transactions/s with the triggers, 1,140–1,220/s without).
 *
 * Now a (department, list) version is the SUM of up to `shardCount` counter rows, `shard` 0..15.
 * A transaction bumps only the row of its own shard, chosen by its database session
 * (`pg_backend_pid() % 16`), so transactions on different connections never wait for each other's
 * counter; two sessions that share a shard wait as before.
 *
 * Why the sum keeps 0004's invariant: every committed transaction that changed the list added 1
 * to exactly one row, and the sum is read in one statement, so it is the number of such
 * transactions visible to that statement's snapshot. Snapshots only ever gain commits, so a read
 * taken later is at least as large, and equal only when no change committed in between. That is
 * all the readers use (serve-list.ts, list-cache.ts, patched-list-cache.ts, sync-cursor.ts): a
 * version read BEFORE the rows counts only transactions that had committed, so those rows hold
 * their changes; "same version" means "nothing new"; a larger version is newer. The single row's
 * "rise in commit order" was never needed beyond that.
 *
 * Deadlocks: a transaction locks only rows of its own shard, all of the department's rows of that
 * shard in list order before bumping (as 0004 locked all of the department's rows), so two
 * transactions of one shard take their locks in the same order and two of different shards share
 * no row.
 *
 * SQLite runs one write transaction at a time and keeps its one row per list: the column is added
 * with 0 and its triggers are unchanged. The old counters become shard 0, so every version, and
 * every ETag a tablet holds, keeps its value.
 */
export const shardCount = 16;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The bump of one department's counter, sharded (`slot` given) or single (0004's). */
function bumpFunction(sharded: boolean) {
  const slot = sharded ? 'and shard = slot' : '';
  return sql.raw(`
    create or replace function list_versions_bump() returns trigger
    language plpgsql as $$
    declare
      list_name text := TG_ARGV[0];
      slot integer := ${sharded ? `pg_backend_pid() % ${shardCount}` : '0'};
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
          where department = dept and list = list_name ${slot} and "lastTx" = txid_current();
        if found then
          continue;
        end if;
        insert into list_versions (department, list, ${sharded ? 'shard, ' : ''}version)
          values (dept, list_name, ${sharded ? 'slot, ' : ''}0)
          on conflict do nothing;
        -- One lock order for every transaction: the department's counters of its shard, by list.
        perform 1 from list_versions where department = dept ${slot} order by list for update;
        update list_versions set version = version + 1, "lastTx" = txid_current()
          where department = dept and list = list_name ${slot};
      end loop;
      return null;
    end
    $$`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('list_versions')
    .addColumn('shard', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (!isPostgres(db)) return;
  await sql`alter table list_versions drop constraint list_versions_pk`.execute(db);
  await sql`alter table list_versions
    add constraint list_versions_pk primary key (department, list, shard)`.execute(db);
  // The triggers call the function by name, so replacing it changes every list's bump at once.
  await bumpFunction(true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await bumpFunction(false).execute(db);
    // Fold the shards into shard 0 so no version goes backwards.
    await sql`update list_versions as v set version = totals.total
      from (select department, list, sum(version) as total from list_versions
            group by department, list) as totals
      where v.department = totals.department and v.list = totals.list and v.shard = 0`.execute(db);
    await sql`insert into list_versions (department, list, shard, version)
      select department, list, 0, sum(version) from list_versions
      group by department, list
      having not bool_or(shard = 0)`.execute(db);
    await sql`delete from list_versions where shard <> 0`.execute(db);
    await sql`alter table list_versions drop constraint list_versions_pk`.execute(db);
    await sql`alter table list_versions
      add constraint list_versions_pk primary key (department, list)`.execute(db);
  }
  await db.schema.alterTable('list_versions').dropColumn('shard').execute();
}
