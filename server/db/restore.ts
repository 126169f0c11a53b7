import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteFileName } from './database.ts';

/**
 * Puts a backup in place of the SQLite database (`npm run restore -- <file>`), with the server
 * stopped: the backup is checked first (integrity_check), the database it replaces is kept aside
 * as `app.db.replaced-<time>` (with its -wal, which may hold its last commits), and the copy is
 * readable by its owner only. A database still open elsewhere (the server running) is refused:
 * leaving WAL mode needs the only connection to the file.
 */
export interface RestoreResult {
  restored: string;
  keptAside: string | undefined;
}

function check(file: string): void {
  let database: Database.Database;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`${file} cannot be opened as a database (${(error as Error).message})`, {
      cause: error,
    });
  }
  try {
    const integrity = database.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`${file} failed its integrity check: ${String(integrity)}`);
    database.prepare('select count(*) from users').get();
  } catch (error) {
    throw new Error(`${file} is not a backup of this app (${(error as Error).message})`, {
      cause: error,
    });
  } finally {
    database.close();
  }
}

/** Throws when another connection has the live database open (the server is running). */
function ensureNotInUse(live: string): void {
  const database = new Database(live, { fileMustExist: true, timeout: 0 });
  try {
    // Leaving WAL mode checkpoints and needs the only connection: SQLITE_BUSY otherwise.
    database.pragma('journal_mode = DELETE');
  } catch (error) {
    throw new Error(
      `The database ${live} is in use: stop the server before restoring (${(error as Error).message})`,
      { cause: error },
    );
  } finally {
    database.close();
  }
}

export function restoreSqlite(dataDir: string, backup: string, now = new Date()): RestoreResult {
  if (!existsSync(backup)) throw new Error(`No backup at ${backup}`);
  check(backup);
  const live = join(dataDir, sqliteFileName);
  let keptAside: string | undefined;
  if (existsSync(live)) {
    ensureNotInUse(live);
    keptAside = `${live}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(live, keptAside);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(`${live}${suffix}`)) renameSync(`${live}${suffix}`, `${keptAside}${suffix}`);
    }
  }
  const partial = `${live}.restoring`;
  copyFileSync(backup, partial);
  chmodSync(partial, 0o600);
  renameSync(partial, live);
  rmSync(partial, { force: true });
  return { restored: live, keptAside };
}
