import { resolve } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { restoreSqlite } from '../server/db/restore.ts';

/**
 * `npm run restore -- <file>`: puts a backup (from `npm run backup` or the daily backups in
 * BACKUP_DIR) in place of DATA_DIR/app.db. Stop the server first; the replaced database is kept
 * aside. README 'Backups'.
 */
const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run restore -- <file>   (stop the server first)');
  process.exit(1);
}
try {
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, Backups).');
    process.exit(1);
  }
  const result = restoreSqlite(config.dataDir, resolve(source));
  console.log(`Restored ${resolve(source)} as ${result.restored}.`);
  if (result.keptAside) console.log(`The database it replaced is kept as ${result.keptAside}.`);
  console.log('Start the server: tablets send again whatever they queued after the backup.');
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
