import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../server/config.ts';
import { createDatabase, newId } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ensureLocalTls } from '../../server/tls/local-ca.ts';
import { serverNames } from '../../server/tls/server-names.ts';
import { seedBenchProduct, signUser } from './bench-fixtures.ts';
import { percentile, runOrderLoad, type OrderTarget } from './order-load.ts';
import * as processes from './scale-processes.ts';

/**
 * Issue 24 item 1: does PostgreSQL gain from more API processes? One PostgreSQL (a database of
 * its own, dropped afterwards), 1, 2 and 4 real API processes (`server/main.ts`) behind HAProxy
 * configured as deploy/haproxy.cfg (TLS at the proxy, round robin, health checks), 20 clients
 * (each its own user, kept-alive connections, an Idempotency-Key per order) ordering one unit at a
 * time across 100 hardware products, then all on one product. SQLite in the same run: one
 * process (its only deployment), measured over plain HTTP as tests/bench/server-bench.ts does,
 * and behind the same proxy, so the proxy's own cost shows. Targets: one PostgreSQL process ≥ 0.5×
 * SQLite's orders/s (the faster of its two figures), two ≥ 1.3× one, ≥ 300 orders/s when all
 * order the same product.
 *
 * `node tests/bench/postgres-scale-bench.ts` runs it alone (BENCH_ORDERS sets the orders per
 * measurement, default 2,000; BENCH_PROCESSES=1,2 the process counts, default 1,2,4). Skipped
 * with a message without PostgreSQL or haproxy.
 */
export interface ScaleMeasurement {
  label: string;
  ordersPerSecond: number;
  p99Ms: number;
  /** CPU of the API processes per order (ms); the database's and the proxy's not included. */
  apiCpuMsPerOrder: number;
  /** CPU of this database's PostgreSQL backends per order (ms); 0 on SQLite (in the API's). */
  databaseCpuMsPerOrder: number;
  statusCounts: Record<string, number>;
}

export interface PostgresScaleFigures {
  sqlite: { plain: ScaleMeasurement; proxied: ScaleMeasurement; sameProduct: ScaleMeasurement };
  postgres: { processes: number; spread: ScaleMeasurement; sameProduct: ScaleMeasurement }[];
  onePgToSqlite: number;
  twoToOne: number;
  fourToOne: number;
}

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const clients = 20;
const productCount = 100;
const orders = Number(process.env.BENCH_ORDERS ?? 2_000);
// BENCH_PROCESSES=1,2 measures fewer PostgreSQL configurations (a quicker comparison).
const processCounts = (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);
const proxyName = 'shop-proxy.lan';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds a database (users, products) through the app's own code, then closes it. */
async function seed(config: Config): Promise<{ tokens: string[]; products: string[] }> {
  const database = createDatabase(config);
  try {
    await migrateToLatest(database.db);
    const tokens: string[] = [];
    for (let index = 0; index < clients; index += 1) {
      tokens.push(await signUser(database.db, config, `tablet-${index}@example.com`));
    }
    const products: string[] = [];
    for (let index = 0; index < productCount; index += 1) {
      products.push(await seedBenchProduct(database.db, 'hardware', 100_000_000));
    }
    return { tokens, products };
  } finally {
    await database.destroy();
  }
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);

async function measure(
  label: string,
  target: OrderTarget,
  tokens: readonly string[],
  productFor: (client: number, sent: number) => string,
  api: readonly ChildProcess[],
  database?: string,
): Promise<ScaleMeasurement> {
  const load = { target, tokens, productFor, department: 'hardware' };
  await runOrderLoad({ ...load, total: 300 }); // warm-up: JIT, pools, TLS sessions
  const apiCpu = () => api.reduce((sum, child) => sum + processes.cpuMs(child.pid), 0);
  const databaseCpu = () => (database ? processes.postgresBackendsCpuMs(database) : 0);
  const before = { api: apiCpu(), database: databaseCpu() };
  const result = await runOrderLoad({ ...load, total: orders });
  const after = { api: apiCpu(), database: databaseCpu() };
  const placed = result.statusCounts['201'] ?? 0;
  const perOrder = (ms: number) => (placed > 0 ? Math.round((ms / placed) * 100) / 100 : 0);
  return {
    label,
    ordersPerSecond: result.ordersPerSecond,
    p99Ms: percentile(result.latenciesMs, 0.99),
    apiCpuMsPerOrder: perOrder(after.api - before.api),
    databaseCpuMsPerOrder: perOrder(after.database - before.database),
    statusCounts: result.statusCounts,
  };
}

export async function runPostgresScaleBench(
  log: (line: string) => void = (line) => console.log(line),
): Promise<PostgresScaleFigures | undefined> {
  if (spawnSync(processes.haproxyBin, ['-v']).status !== 0) {
    log('PostgreSQL scale bench skipped: no haproxy (apt-get install haproxy)');
    return undefined;
  }
  const name = `bench_${newId().replaceAll('-', '').slice(0, 16)}`;
  try {
    await admin((client) => client.query(`create database "${name}"`));
  } catch (error) {
    log(`PostgreSQL scale bench skipped: no server at ${serverUrl} (${String(error)})`);
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const work = mkdtempSync(join(tmpdir(), 'pg-scale-bench-'));
  const jwtSecret = `${newId()}${newId()}`;
  const children: ChildProcess[] = [];
  const line = (m: ScaleMeasurement) =>
    `  ${m.label.padEnd(34)} ${String(m.ordersPerSecond).padStart(5)} orders/s  p99 ${m.p99Ms} ms` +
    `  CPU/order API ${m.apiCpuMsPerOrder} ms` +
    (m.databaseCpuMsPerOrder > 0 ? ` PostgreSQL ${m.databaseCpuMsPerOrder} ms` : '') +
    `  ${JSON.stringify(m.statusCounts)}`;
  try {
    const tls = await ensureLocalTls(
      join(work, 'tls'),
      serverNames([proxyName], { hostname: 'proxy', addresses: [] }),
    );
    const pem = join(work, 'proxy.pem');
    writeFileSync(pem, `${tls.certPem}${tls.keyPem}`, { mode: 0o600 });
    const proxyPort = await processes.freePort();
    const proxied: OrderTarget = {
      origin: `https://127.0.0.1:${proxyPort}`,
      ca: tls.caPem,
      serverName: proxyName,
    };
    const withProxy = async <T>(ports: readonly number[], run: () => Promise<T>): Promise<T> => {
      const file = processes.proxyConfig(work, ports);
      const proxy = processes.startProxy(file, `127.0.0.1:${proxyPort}`, pem, ports);
      children.push(proxy);
      try {
        await processes.waitFor(
          async () => (await fetch(`http://127.0.0.1:${ports[0]}/api/v1/health`)).ok,
          'the API',
        );
        await new Promise((resolve) => setTimeout(resolve, 500)); // the proxy binds its port
        return await run();
      } finally {
        await processes.stop(proxy);
      }
    };
    log(`PostgreSQL scale bench (${clients} clients, ${orders} orders per measurement, loopback)`);

    // SQLite: one process, plain and behind the proxy.
    const sqliteDir = join(work, 'sqlite');
    const sqliteConfig = loadConfig({ DATA_DIR: sqliteDir, JWT_SECRET: jwtSecret });
    const sqliteSeed = await seed(sqliteConfig);
    const spread = (products: readonly string[]) => (client: number, sent: number) =>
      products[(client * 7 + sent) % products.length] ?? '';
    const sqliteApi = await processes.startApi({ DATA_DIR: sqliteDir, JWT_SECRET: jwtSecret });
    children.push(sqliteApi.child);
    const plain = { origin: `http://127.0.0.1:${sqliteApi.port}` };
    const sqlite = {
      plain: await measure(
        'SQLite, 1 process, plain HTTP',
        plain,
        sqliteSeed.tokens,
        spread(sqliteSeed.products),
        [sqliteApi.child],
      ),
      ...(await withProxy([sqliteApi.port], async () => ({
        proxied: await measure(
          'SQLite, 1 process, via HAProxy',
          proxied,
          sqliteSeed.tokens,
          spread(sqliteSeed.products),
          [sqliteApi.child],
        ),
        sameProduct: await measure(
          'SQLite, 1 process, same product',
          proxied,
          sqliteSeed.tokens,
          () => sqliteSeed.products[0] ?? '',
          [sqliteApi.child],
        ),
      }))),
    };
    await processes.stop(sqliteApi.child);
    for (const m of Object.values(sqlite)) log(line(m));

    // PostgreSQL: the processes started once; the proxy is given the first 1, 2 or 4.
    const pgConfig = loadConfig({
      DATA_DIR: join(work, 'pg-seed'),
      DATABASE_URL: url.toString(),
      JWT_SECRET: jwtSecret,
    });
    const pgSeed = await seed(pgConfig);
    const api: processes.ApiProcess[] = [];
    for (let index = 0; index < Math.max(...processCounts); index += 1) {
      const started = await processes.startApi({
        DATA_DIR: join(work, `pg-api${index + 1}`),
        DATABASE_URL: url.toString(),
        JWT_SECRET: jwtSecret,
      });
      api.push(started);
      children.push(started.child);
    }
    const postgres: PostgresScaleFigures['postgres'] = [];
    for (const count of processCounts) {
      const used = api.slice(0, count);
      const ports = used.map((each) => each.port);
      const childrenUsed = used.map((each) => each.child);
      const figures = await withProxy(ports, async () => ({
        processes: count,
        spread: await measure(
          `PostgreSQL, ${count} process${count > 1 ? 'es' : ''}, 100 products`,
          proxied,
          pgSeed.tokens,
          spread(pgSeed.products),
          childrenUsed,
          name,
        ),
        sameProduct: await measure(
          `PostgreSQL, ${count} process${count > 1 ? 'es' : ''}, same product`,
          proxied,
          pgSeed.tokens,
          () => pgSeed.products[0] ?? '',
          childrenUsed,
          name,
        ),
      }));
      postgres.push(figures);
      log(line(figures.spread));
      log(line(figures.sameProduct));
    }
    const rateOf = (count: number) =>
      postgres.find((each) => each.processes === count)?.spread.ordersPerSecond ?? 0;
    const figures: PostgresScaleFigures = {
      sqlite,
      postgres,
      // Against the faster of SQLite's two figures: the stricter ratio.
      onePgToSqlite: ratio(
        rateOf(1),
        Math.max(sqlite.plain.ordersPerSecond, sqlite.proxied.ordersPerSecond),
      ),
      twoToOne: ratio(rateOf(2), rateOf(1)),
      fourToOne: ratio(rateOf(4), rateOf(1)),
    };
    log(postgresScaleSummary(figures));
    return figures;
  } finally {
    for (const child of children) await processes.stop(child);
    rmSync(work, { recursive: true, force: true });
    await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
  }
}

/** The figures against issue 24's targets, for this bench's log and `npm run bench`'s summary. */
export function postgresScaleSummary(figures: PostgresScaleFigures): string {
  const { sqlite, postgres } = figures;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const processesLine = postgres
    .map(
      (each) =>
        `${each.processes}× ${each.spread.ordersPerSecond}/s (p99 ${each.spread.p99Ms} ms), same product ${each.sameProduct.ordersPerSecond}/s (p99 ${each.sameProduct.p99Ms} ms)`,
    )
    .join('; ');
  const sameBest = Math.max(...postgres.map((each) => each.sameProduct.ordersPerSecond));
  return [
    `  PostgreSQL scale-out: ${processesLine}; SQLite 1 process ${sqlite.plain.ordersPerSecond}/s plain, ${sqlite.proxied.ordersPerSecond}/s via HAProxy`,
    `  PostgreSQL targets: 1 process ÷ SQLite (faster figure) ${figures.onePgToSqlite} (goal ≥ 0.5, ${mark(figures.onePgToSqlite >= 0.5)}),` +
      ` 2 ÷ 1 ${figures.twoToOne} (goal ≥ 1.3, ${mark(figures.twoToOne >= 1.3)}), 4 ÷ 1 ${figures.fourToOne},` +
      ` same product best ${sameBest}/s (goal ≥ 300, ${mark(sameBest >= 300)})`,
  ].join('\n');
}

if (import.meta.main) {
  // `node tests/bench/postgres-scale-bench.ts`: this part alone.
  await runPostgresScaleBench();
}
