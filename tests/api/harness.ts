import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BackupStatusSource } from '../../server/modules/server-status/routes.ts';
import type { TlsInfo } from '../../server/tls/tls-info.ts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { describe, it } from 'vitest';
import type { Category, Role } from '../../domain/users.ts';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { createDatabase, newId, nowIso, type DialectName } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import { hashPassword, type ScryptParams } from '../../server/modules/users/password.ts';
import { createTokenService } from '../../server/plugins/tokens.ts';

/**
 * API test harness: every suite runs once per database target (SQLite and PostgreSQL).
 *
 *   describeEachDatabase('orders', (target) => {
 *     let t: TestApp;
 *     beforeAll(async () => { t = await buildTestApp(target); });
 *     afterAll(() => t.close());
 *     it('…', async () => {
 *       const admin = await createUser(t, { role: 'admin' });
 *       const res = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: auth(admin) });
 *     });
 *   });
 *
 * Each buildTestApp call gets its own empty, migrated database (a temp DATA_DIR for SQLite, a
 * fresh `test_<random>` database for PostgreSQL, dropped on close) and no users.
 */

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const defaultTestDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || defaultTestDatabaseUrl;

export interface DatabaseTarget {
  name: DialectName;
  /** PostgreSQL only: why it is not available (undefined when reachable). */
  unavailable?: string;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function probePostgres(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const postgresProblem = await probePostgres(testDatabaseUrl);

export const databaseTargets: DatabaseTarget[] = [
  { name: 'sqlite' },
  { name: 'postgres', unavailable: postgresProblem },
];

let skipNoticePrinted = false;

/**
 * Declares the suite once per database. When PostgreSQL is unreachable the PostgreSQL copy is
 * skipped with a notice, except under CI=true where it fails: CI must test both databases.
 */
export function describeEachDatabase(title: string, fn: (target: DatabaseTarget) => void): void {
  for (const target of databaseTargets) {
    const name = `${title} [${target.name}]`;
    if (target.unavailable === undefined) {
      describe(name, () => fn(target));
      continue;
    }
    if (process.env.CI === 'true') {
      describe(name, () => {
        it('needs a reachable PostgreSQL server (CI=true)', () => {
          throw new Error(
            `PostgreSQL is required under CI but there is no server at ${redact(testDatabaseUrl)} (${target.unavailable}). Start PostgreSQL or set TEST_DATABASE_URL.`,
          );
        });
      });
      continue;
    }
    if (!skipNoticePrinted) {
      skipNoticePrinted = true;
      console.warn(
        `PostgreSQL suite skipped: no server at ${redact(testDatabaseUrl)}. Set TEST_DATABASE_URL to enable it.`,
      );
    }
    describe.skip(name, () => fn(target));
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  config: Config;
  /** Closes the app and the database and removes it (temp dir or test database). */
  close(): Promise<void>;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    jwtSecret: testJwtSecret,
    jwtSecretSource: 'env',
    tokenTtlSeconds: 3600,
    adminEmail: undefined,
    adminPassword: undefined,
    businessTz: 'Africa/Dar_es_Salaam',
    logLevel: 'silent',
    trustProxy: false,
    httpsPort: 3443,
    tls: 'off',
    tlsCertFile: undefined,
    tlsKeyFile: undefined,
    publicHostnames: [],
    backupDir: `${dataDir}/backups`,
    backupAtMinutes: 120,
    backupKeep: 14,
    ...overrides,
  };
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${newId().replaceAll('-', '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        // The app's pool has ended, but its backends may still be exiting; terminating them
        // (WITH FORCE) would send an error to a client that has stopped listening, so wait.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await client.query<{ count: string }>(
            'select count(*) as count from pg_stat_activity where datname = $1',
            [name],
          );
          if (Number(rows[0]?.count ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface BuildTestAppOptions {
  config?: Partial<Config>;
  /** Serve this folder as the built PWA (default: none, so no static files). */
  staticDir?: string;
  /** Receives the app's log lines (set config.logLevel too). */
  logStream?: { write(line: string): void };
  /** The app's clock for business periods (revenue, stats trend); default the system clock. */
  clock?: () => Date;
  /** The HTTPS the app describes and redirects to (default: none, TLS off). */
  tls?: TlsInfo;
  /** The daily backups Settings describes (default: none). */
  backups?: BackupStatusSource;
  /** Adds extra routes (e.g. probes for a plugin) before the app is made ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Run on this database (from `openTestDatabase`, with its own config; `config` is ignored). */
  database?: TestDatabase;
  /** The feature modules (default: the app's `featureModules`). */
  modules?: BuildAppOptions['modules'];
  /** The migrations (default: the files of server/db/migrations/). */
  migrations?: Record<string, Migration>;
}

/** A fresh, empty database of the target's dialect, not migrated, and the config naming it. */
export interface TestDatabase {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  config: Config;
  dataDir: string;
  /** Closes the database and removes it (temp dir or test database). */
  close(): Promise<void>;
}

/**
 * Opens a fresh database without migrating it: for tests of a migration, which bring it to an
 * earlier schema, fill it, migrate it and then hand it to `buildTestApp` (`options.database`).
 */
export async function openTestDatabase(
  target: DatabaseTarget,
  overrides: Partial<Config> = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (target.name === 'postgres') {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = testConfig(dataDir, { databaseUrl, ...overrides });
  const database = createDatabase(config);
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    dataDir,
    close: async () => {
      await database.destroy();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh app on a fresh, migrated, empty database of the target's dialect, or on
 * `options.database` (migrated to the latest schema here, closed with the app).
 */
export async function buildTestApp(
  target: DatabaseTarget,
  options: BuildTestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(target, options.config));
  const { config, dataDir } = database;
  await migrateToLatest(database.db, options.migrations);
  const app = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    staticDir: options.staticDir ?? join(dataDir, 'no-dist'),
    logStream: options.logStream,
    clock: options.clock,
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.backups ? { backups: options.backups } : {}),
    ...(options.modules ? { modules: options.modules } : {}),
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    dialect: database.dialect,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second API process on a test app's database: an app with its own connection pool, in-flight
 * set and plugins, as a second process behind the load balancer has (PostgreSQL; SQLite runs as
 * one process).
 */
export async function startSecondProcess(
  t: Pick<TestApp, 'config'>,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = createDatabase(t.config);
  const app = await buildApp({
    config: t.config,
    db: database.db,
    dialect: database.dialect,
    staticDir: join(t.config.dataDir, 'no-dist'),
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  category: Category;
  tokenVersion: number;
  /** A valid session token for this user (signed with the test app's secret). */
  token: string;
}

// Cheap scrypt parameters for seeded users keep suites fast; the stored string carries them, so
// login verifies these hashes like any other.
const fastScrypt: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
let userCounter = 0;

/** Inserts a user straight into the database and returns it with its password and a token. */
export async function createUser(
  t: Pick<TestApp, 'db' | 'config'>,
  options: { role?: Role; category?: Category; email?: string; password?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const role = options.role ?? 'employee';
  const category = options.category ?? 'hardware';
  const email = (
    options.email ?? `${role}-${category}-${userCounter}-${newId().slice(0, 8)}@example.com`
  ).toLowerCase();
  const password = options.password ?? 'secret123';
  const now = nowIso();
  const id = newId();
  await t.db
    .insertInto('users')
    .values({
      id,
      email,
      passwordHash: await hashPassword(password, fastScrypt),
      role,
      category,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const user = { id, email, password, role, category, tokenVersion: 0 };
  return { ...user, token: await tokenFor(t, user) };
}

/** Signs a session token for the user at the given (or its current) token version. */
export function tokenFor(
  t: Pick<TestApp, 'config'>,
  user: { id: string; email: string; role: Role; category: Category; tokenVersion: number },
): Promise<string> {
  return createTokenService(t.config).sign(user);
}

/** Signs in through POST /users/login and returns the token (fails the test on non-200). */
export async function loginAs(
  t: Pick<TestApp, 'app'>,
  user: { email: string; password: string },
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** `{ authorization: 'Bearer …' }` for a token or a TestUser. */
export function auth(tokenOrUser: string | { token: string }): { authorization: string } {
  const token = typeof tokenOrUser === 'string' ? tokenOrUser : tokenOrUser.token;
  return { authorization: `Bearer ${token}` };
}

/** app.inject with an optional bearer token; returns the response. */
export function request(
  t: Pick<TestApp, 'app'>,
  options: InjectOptions & { token?: string | { token: string } },
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: { ...headers, ...(token ? auth(token) : {}) },
  });
}
