import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createDatabase, newId, nowIso } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import { createTokenService } from '../../server/plugins/tokens.ts';

/** A hardware employee signed in: the user row and its token (no password is ever checked). */
export async function signUser(
  db: Kysely<DatabaseSchema>,
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds'>,
  email: string,
  category: 'hardware' | 'godown' = 'hardware',
): Promise<string> {
  const now = nowIso();
  const user = { id: newId(), email, role: 'employee' as const, category, tokenVersion: 0 };
  await db
    .insertInto('users')
    .values({ ...user, passwordHash: 'not-used', createdAt: now, updatedAt: now })
    .execute();
  return createTokenService(config).sign(user);
}

/** The API in this process on a fresh, migrated SQLite in a temporary DATA_DIR. */
export interface BenchApp {
  app: FastifyInstance;
  db: Kysely<DatabaseSchema>;
  config: Config;
  dialect: ReturnType<typeof createDatabase>['dialect'];
  /** Closes the app and the database and removes the data directory. */
  close(): Promise<void>;
}

export async function startBenchApp(name: string): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '3000',
    LOG_LEVEL: 'silent',
  });
  const database = createDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    staticDir: join(dataDir, 'no-dist'),
  });
  return {
    app,
    db: database.db,
    config,
    dialect: database.dialect,
    close: async () => {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product with plenty of stock for a bench's orders. */
export async function seedBenchProduct(
  db: Kysely<DatabaseSchema>,
  department: string,
  quantity: number,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('products')
    .values({
      id,
      department,
      name: `Bench item ${id.slice(0, 8)}`,
      description: 'Seeded for a benchmark',
      price: 12_500,
      quantity,
      imageId: null,
      location: null,
      condition: null,
      nutrients: null,
      version: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
