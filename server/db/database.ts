import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DatabaseSchema } from './schema.ts';
import { groupCommitDialect } from './group-commit-dialect.ts';
import { namePreparedStatements } from './prepared-statements.ts';
import { backstopCheckpointPages, startWalCheckpointer } from './wal-checkpointer.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export const sqliteFileName = 'app.db';

// PostgreSQL sends int8 (count(*), sum of integers) and numeric as strings; every such value here
// is a count or whole shillings far below 2^53, so numbers are safe and match SQLite's results.
const pgInt8Oid = 20;
const pgNumericOid = 1700;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pgInt8Oid || oid === pgNumericOid
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** How many prepared SQLite statements are kept (the app issues far fewer distinct SQL texts). */
export const statementCacheSize = 500;

/**
 * The better-sqlite3 database as Kysely's SqliteDialect sees it (`prepare` and `close` only), with
 * prepared statements cached by SQL text: Kysely calls `prepare` for every query, and preparing
 * was about a fifth of the server's time. Beyond `maxSize` the oldest prepared statement is
 * dropped (the app's distinct SQL texts are far fewer, so the hot ones stay; keeping a recency
 * order cost a Map delete and insert on every query). A statement still iterating (`busy`, a
 * streamed query) is not handed out twice: the caller then gets a fresh, uncached one. SQLite
 * re-prepares a cached statement by itself after a schema change (migrations).
 */
export function cachingSqliteDatabase(
  database: { prepare(sqlText: string): Database.Statement; close(): unknown },
  maxSize = statementCacheSize,
): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    prepare(sqlText) {
      const cached = cache.get(sqlText);
      if (cached) return cached.busy ? database.prepare(sqlText) : cached;
      const statement = database.prepare(sqlText);
      cache.set(sqlText, statement);
      if (cache.size > maxSize) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}

/**
 * Opens the database: PostgreSQL through a pg Pool when DATABASE_URL is set, otherwise the
 * embedded SQLite file DATA_DIR/app.db. SQLite runs in WAL mode with synchronous=FULL so a
 * committed write survives a power cut (docs/architecture.md section 2); its transactions share commits
 * (server/db/group-commit.ts).
 */
export function createDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): AppDatabase {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, types: pgTypes });
    // The hot statements are parsed and planned once per connection (prepared-statements.ts).
    pool.on('connect', namePreparedStatements);
    // An idle client losing its connection (server restart, failover) must not crash the
    // process; the pool replaces it and the next query reconnects.
    pool.on('error', (error) => {
      console.error(`PostgreSQL connection error: ${error.message}`);
    });
    const db = new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool }),
    });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }

  const file = join(config.dataDir, sqliteFileName);
  const sqlite = openSqliteFile(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Savepoints (every grouped transaction runs in one) keep their undo
  // copies in a statement journal: in memory it costs microseconds, in a temp file ~35 µs a write.
  sqlite.pragma('temp_store = MEMORY');
  // Checkpoints run on a worker thread (wal-checkpointer.ts); this is only the backstop.
  sqlite.pragma(`wal_autocheckpoint = ${backstopCheckpointPages}`);
  const checkpointer = startWalCheckpointer(file, {
    onFailure: (message) => console.error(`WAL checkpoint failed: ${message}`),
  });
  const db = new Kysely<DatabaseSchema>({
    dialect: groupCommitDialect(new SqliteDialect({ database: cachingSqliteDatabase(sqlite) })),
  });
  return {
    db,
    dialect: 'sqlite',
    destroy: async () => {
      await db.destroy();
      await checkpointer.stop();
    },
  };
}

/**
 * Opens (or creates) the SQLite file readable by its owner only: it holds password hashes and
 * every sale. SQLite gives the -wal and -shm files it creates the database file's mode, so they
 * are private too. A file that cannot be opened is named in the error (SQLite's own message,
 * 'unable to open database file', does not say which file or why).
 */
export function openSqliteFile(path: string): Database.Database {
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path, { timeout: 5000 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot open the database file ${path} (${reason}). Check that DATA_DIR exists and that this user may write to it.`,
      { cause: error },
    );
  }
  try {
    chmodSync(path, 0o600);
  } catch {
    // A file owned by another user (a shared volume): leave its mode to whoever owns it.
  }
  return sqlite;
}

/** True when the error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** True when the error is a foreign-key violation on either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** A new record id (text UUID, `_id` in JSON). */
export function newId(): string {
  return crypto.randomUUID();
}

/** The current time as stored in every timestamp column: ISO-8601 UTC text. */
export function nowIso(): string {
  return new Date().toISOString();
}
