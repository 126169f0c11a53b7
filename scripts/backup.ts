import { resolve } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { backupSqlite } from '../server/db/backup.ts';

/**
 * `npm run backup -- <file>`: a consistent copy of the SQLite database (DATA_DIR/app.db) while
 * the server runs. README 'Backups' says how to restore it.
 */
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <file>   (e.g. npm run backup -- backups/2026-11-23.db)');
  process.exit(1);
}
try {
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, Backups).');
    process.exit(1);
  }
  const result = await backupSqlite(config.dataDir, resolve(target));
  console.log(
    `Backed up ${config.dataDir}/app.db to ${result.file} (${Math.round(result.bytes / 1024)} KiB, ${result.pages} pages, integrity ok).`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
