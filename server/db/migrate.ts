import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';
import { loadMigrations } from './migration-files.ts';

/**
 * Brings the schema up to date. Safe to call from several processes at once: Kysely's Migrator
 * takes a lock (an advisory lock on PostgreSQL, a lock table on SQLite) and records what ran in
 * `kysely_migration`. `migrations` defaults to the files of server/db/migrations/; a test that
 * adds a made-up table passes those plus its own.
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  migrations?: Record<string, Migration>,
): Promise<MigrationResult[]> {
  const all = migrations ?? (await loadMigrations());
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(all) } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`,
      { cause: error },
    );
  }
  return results;
}
