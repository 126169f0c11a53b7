import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/**
 * A numbering per department with no hot counter row on PostgreSQL (sale numbers, migration 0016;
 * GRN numbers, 0017): there the migration's function takes the department's SEQUENCE (made on
 * first use; a refused write leaves a gap), on SQLite a counter row per department (one writer at
 * a time, so never contended, and no gap). Runs inside the caller's transaction.
 */
export interface DepartmentSequence {
  /** The PostgreSQL function `(department text) returns bigint` of the sequence's migration. */
  postgresFunction: 'next_sale_number' | 'next_grn_number';
  /** The SQLite table (department primary key, lastNumber) of the same migration. */
  sqliteCounter: 'sale_sequences' | 'grn_sequences';
}

export async function nextInSequence(
  db: Kysely<DatabaseSchema>,
  sequence: DepartmentSequence,
  department: string,
): Promise<number> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ n: number | string }>`select ${sql.raw(
      sequence.postgresFunction,
    )}(${department}) as n`.execute(db);
    return Number(rows[0]?.n);
  }
  const counter = sql.table(sequence.sqliteCounter);
  const { rows } = await sql<{ lastNumber: number }>`
    insert into ${counter} (department, "lastNumber") values (${department}, 1)
    on conflict (department) do update set "lastNumber" = ${counter}."lastNumber" + 1
    returning "lastNumber"`.execute(db);
  return Number(rows[0]?.lastNumber);
}
