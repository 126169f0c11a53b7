import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Order numbers without a hot counter row on PostgreSQL (issue 24 item 1, decision 0033).
 *
 * Until now every order and printing job took its number from its department's row of
 * `order_sequences` (an upsert `lastNumber + 1`), inside its transaction: the row stayed locked
 * until COMMIT, so every order of a department waited for the one before it to commit, whatever
 * product it was for, and a second API process added nothing.
 *
 * - PostgreSQL: one SEQUENCE per department, `order_number_<department>`, which continues the
 *   department's `order_sequences.lastNumber` (existing numbers are never reused or renumbered).
 *   `nextval` takes no row lock and is not rolled back: an order that fails after taking its
 *   number leaves a gap (numbers stay unique and rising per department). `order_number_sequence`
 *   creates a department's sequence the first time it is asked for (a department with no order
 *   yet), under a transaction-scoped advisory lock so two first orders never race on the DDL;
 *   `next_order_number(department)` is what the order and printing paths call. From here on
 *   `order_sequences` is no longer advanced on PostgreSQL: every API process must run this
 *   version (the migration runs when the first one starts; stop the old ones first).
 * - SQLite: nothing changes. It runs one write transaction at a time, so its counter row is no
 *   contention, and a rolled-back order still leaves no gap there.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function order_number_sequence(dept text) returns regclass
    language plpgsql as $$
    declare
      seq_name text := 'order_number_' || dept;
      existing regclass := to_regclass(quote_ident(seq_name));
    begin
      if existing is not null then
        return existing;
      end if;
      -- First order of a department that has no sequence yet: one creator at a time, and the
      -- sequence continues the department's old counter.
      perform pg_advisory_xact_lock(hashtext(seq_name));
      execute format('create sequence if not exists %I start with %s', seq_name,
        coalesce((select "lastNumber" from order_sequences where department = dept), 0) + 1);
      return to_regclass(quote_ident(seq_name));
    end
    $$`.execute(db);
  await sql`
    create or replace function next_order_number(dept text) returns bigint
    language sql volatile as $$ select nextval(order_number_sequence(dept)) $$`.execute(db);
  // Every department that has numbered orders gets its sequence now, so no order waits on DDL.
  await sql`select order_number_sequence(department) from order_sequences`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Back to the counter rows: each continues after the highest number its sequence gave.
  const { rows } = await sql<{ name: string; department: string }>`
    select c.relname as name, substr(c.relname, length('order_number_') + 1) as department
    from pg_class c where c.relkind = 'S' and c.relname like 'order\\_number\\_%'`.execute(db);
  for (const { name, department } of rows) {
    await sql`insert into order_sequences (department, "lastNumber")
      select ${department}, last_value from ${sql.table(name)} where is_called
      on conflict (department) do update set "lastNumber" = excluded."lastNumber"`.execute(db);
    await sql`drop sequence ${sql.table(name)}`.execute(db);
  }
  await sql`drop function if exists next_order_number(text)`.execute(db);
  await sql`drop function if exists order_number_sequence(text)`.execute(db);
}
