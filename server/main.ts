import { bootstrapAdmin } from './bootstrap-admin.ts';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/**
 * The server process: configuration, database + migrations, first admin, HTTP.
 * Configuration problems print one readable message (no stack) and exit 1.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = createDatabase(config);
  await migrateToLatest(database.db);

  const admin = await bootstrapAdmin(database.db, config);
  const app = await buildApp({ config, db: database.db, dialect: database.dialect });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => database.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  console.log(`Server listening on http://localhost:${config.port}`);
  console.log(
    `Database: ${database.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`}`,
  );
  if (admin.created) {
    if (admin.generatedPassword) {
      console.log(
        [
          '',
          'First start: an admin account was created. This password is shown only once:',
          `  e-mail:   ${admin.email}`,
          `  password: ${admin.generatedPassword}`,
          'Sign in and change it in Admin → Users.',
          '',
        ].join('\n'),
      );
    } else {
      console.log(`First start: admin account ${admin.email} created with ADMIN_PASSWORD.`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
