import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The triggers that raise a mirrored list's change version (`list_versions`) with every insert,
 * update or delete of its rows. Migration 0004-list-versions explains the invariant and created
 * the PostgreSQL function `list_versions_bump()` these triggers call; each mirrored table adds its
 * triggers through this helper (0004 for products and orders, later migrations for new lists), so
 * every list is bumped the same way. `list` is the table name; the table has a `department`
 * column, which is the counter's department.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const triggerKinds = ['insert', 'update', 'delete'] as const;

export async function createListVersionTriggers(db: Kysely<unknown>, list: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create constraint trigger ${sql.raw(`${list}_list_version`)}
        after insert or update or delete on ${sql.table(list)}
        deferrable initially deferred
        for each row execute function list_versions_bump(${sql.lit(list)})`.execute(db);
    return;
  }

  // SQLite: the counter row is created on first use (INSERT … WHERE NOT EXISTS rather than an
  // upsert or OR IGNORE, whose conflict handling an outer statement's ON CONFLICT could override).
  const listName = sql.lit(list);
  const table = sql.table(list);
  const bump = (department: string, condition = '1') => sql`
    insert into list_versions (department, list, version)
      select ${sql.raw(department)}, ${listName}, 0
      where ${sql.raw(condition)} and not exists (select 1 from list_versions
        where department = ${sql.raw(department)} and list = ${listName});
    update list_versions set version = version + 1
      where ${sql.raw(condition)} and department = ${sql.raw(department)} and list = ${listName};`;
  // A row that moved to another department changes both departments' lists.
  const moved = 'old.department is not new.department';
  await sql`create trigger ${sql.raw(`${list}_list_version_insert`)} after insert on ${table}
    begin ${bump('new.department')} end`.execute(db);
  await sql`create trigger ${sql.raw(`${list}_list_version_update`)} after update on ${table}
    begin ${bump('new.department')} ${bump('old.department', moved)} end`.execute(db);
  await sql`create trigger ${sql.raw(`${list}_list_version_delete`)} after delete on ${table}
    begin ${bump('old.department')} end`.execute(db);
}

export async function dropListVersionTriggers(db: Kysely<unknown>, list: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists ${sql.raw(`${list}_list_version`)} on ${sql.table(list)}`.execute(
      db,
    );
    return;
  }
  for (const kind of triggerKinds) {
    await sql`drop trigger if exists ${sql.raw(`${list}_list_version_${kind}`)}`.execute(db);
  }
}
