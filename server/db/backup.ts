import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteFileName } from './database.ts';

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/**
 * A consistent copy of the SQLite database while the server keeps running: SQLite's online
 * backup API copies the committed state page by page (writers go on meanwhile; pages they change
 * are copied again), so the copy is a database as of one commit, never half of a transaction.
 * It is written next to `file` under a temporary name and renamed when complete, so a crash
 * never leaves a truncated file under the backup's name. Missing folders are created. The copy
 * is readable by its owner only, a self-contained file (rollback journal, so no -wal or -shm
 * beside it) and checked with `integrity_check` before it is given its name.
 */
export async function backupSqlite(dataDir: string, file: string): Promise<BackupResult> {
  const source = join(dataDir, sqliteFileName);
  if (!existsSync(source)) {
    throw new Error(
      `No database at ${source}: is DATA_DIR right? (A PostgreSQL database is backed up with pg_dump.)`,
    );
  }
  if (existsSync(file)) throw new Error(`${file} exists already: choose a new file name.`);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = join(dirname(file), `.${Date.now()}-backup.partial`);
  const database = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await database.backup(partial);
    chmodSync(partial, 0o600);
    const check = new Database(partial);
    let bytes: number;
    try {
      // The copy inherits WAL mode from the live database: a plain journal keeps it one file.
      check.pragma('journal_mode = DELETE');
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok')
        throw new Error(`The copy failed its integrity check: ${String(integrity)}`);
      bytes =
        (check.pragma('page_count', { simple: true }) as number) *
        (check.pragma('page_size', { simple: true }) as number);
    } finally {
      check.close();
    }
    renameSync(partial, file);
    return { file, bytes, pages: totalPages };
  } finally {
    database.close();
    for (const suffix of ['', '-wal', '-shm', '-journal'])
      rmSync(`${partial}${suffix}`, { force: true });
  }
}
