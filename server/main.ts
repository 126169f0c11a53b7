import { bootstrapAdmin } from './bootstrap-admin.ts';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startScheduledBackups, type ScheduledBackups } from './db/scheduled-backups.ts';
import { startupLines } from './startup-lines.ts';
import { listen, type Listeners } from './tls/listeners.ts';
import { prepareTls, renewLocalTls, type PreparedTls } from './tls/prepare-tls.ts';

/**
 * The server process: configuration, HTTPS certificate, database + migrations, first admin,
 * HTTP and HTTPS listeners, daily backups. Configuration problems print one readable message
 * (no stack) and exit 1.
 */
const dayMs = 24 * 60 * 60_000;

async function main(): Promise<void> {
  let config: Config;
  let tls: PreparedTls;
  try {
    config = loadConfig();
    tls = await prepareTls(config);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = createDatabase(config);
  await migrateToLatest(database.db);

  const admin = await bootstrapAdmin(database.db, config);
  let backups: ScheduledBackups | undefined;
  const backupSchedule = {
    dir: config.backupDir,
    atMinutes: config.backupAtMinutes,
    keep: config.backupKeep,
    timeZone: config.businessTz,
  };
  const app = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    tls: tls.info,
    ...(database.dialect === 'sqlite' && config.backupKeep > 0
      ? { backups: { ...backupSchedule, next: () => backups?.next ?? new Date() } }
      : {}),
  });

  // Set once listening; the shutdown (registered before) closes what is there.
  const running: { listeners?: Listeners } = {};
  const stopWatching: (() => void)[] = [];
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    for (const stop of stopWatching) stop();
    backups?.stop();
    Promise.all([running.listeners?.close(), app.close()])
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

  const listeners = await listen(app, {
    port: config.port,
    httpsPort: config.httpsPort,
    host: config.host,
    material: tls.material,
  });
  running.listeners = listeners;
  if (tls.material) {
    const listener = listeners;
    // Own certificate files replaced (a renewal): new connections get the new ones.
    if (tls.watch) {
      stopWatching.push(
        tls.watch((material, info) => {
          listener.replaceCertificate(material);
          Object.assign(tls.info, info);
          app.log.info('HTTPS certificate files changed: now in use');
        }),
      );
    }
    // The local CA's certificate: reissued when this machine's addresses change or it nears
    // its end, checked daily so a server that runs for a year never presents an expired one.
    if (config.tls === 'auto') {
      const timer = setInterval(() => {
        renewLocalTls(config, tls.info).then(
          (renewed) => {
            if (!renewed) return;
            listener.replaceCertificate(renewed);
            app.log.info('HTTPS certificate reissued by the local CA');
          },
          (error: unknown) => app.log.error({ err: error }, 'HTTPS certificate renewal failed'),
        );
      }, dayMs);
      timer.unref();
      stopWatching.push(() => clearInterval(timer));
    }
  }
  if (database.dialect === 'sqlite' && config.backupKeep > 0) {
    backups = startScheduledBackups(config.dataDir, backupSchedule, {
      info: (message) => app.log.info(message),
      error: (message) => app.log.error(message),
    });
  }

  for (const line of startupLines({ config, dialect: database.dialect, tls: tls.info, admin })) {
    console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
