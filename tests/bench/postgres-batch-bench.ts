import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createDatabase, newId } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { measureUnderBatchLoad, percentile, type BatchLoadFigures } from './batch-load.ts';
import { seedBenchProduct, signUser } from './bench-fixtures.ts';
import type { LoadJob } from './load-worker.ts';
import { runLoad } from './run-load.ts';

/**
 * The batch figures on PostgreSQL (issue 22 item 4: "reported for PostgreSQL"): single orders at
 * 20 clients, orders in batches of 50 at 20 clients, their ratio, and another user's order and
 * /health while 10 clients send batches of 100. Runs against TEST_DATABASE_URL (default the
 * local server), in a database of its own that is dropped afterwards; skipped with a message
 * when no server answers.
 */
export interface PostgresBatchFigures {
  singleOrdersPerSecond: number;
  singleP99Ms: number;
  batchOrdersPerSecond: number;
  batchToSingleRatio: number;
  underBatchLoad: BatchLoadFigures;
}

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function runPostgresBatchBench(
  log: (line: string) => void = (line) => console.log(line),
): Promise<PostgresBatchFigures | undefined> {
  const name = `bench_${newId().replaceAll('-', '').slice(0, 16)}`;
  try {
    await admin((client) => client.query(`create database "${name}"`));
  } catch (error) {
    log(`PostgreSQL batch bench skipped: no server at ${serverUrl} (${String(error)})`);
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pg-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    JWT_SECRET: `${newId()}${newId()}`,
    HOST: '127.0.0.1',
    PORT: '3000',
    LOG_LEVEL: 'silent',
  });
  const database = createDatabase(config);
  const app = await buildApp({ ...database, config, staticDir: join(dataDir, 'no-dist') });
  try {
    await migrateToLatest(database.db);
    const token = await signUser(database.db, config, 'pg-bench@example.com');
    const productId = await seedBenchProduct(database.db, 'hardware', 100_000_000);
    const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
    const single: LoadJob = {
      url: `${base}/hardware/orders`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': '{key}' },
      body: { productId, quantity: 1 },
      total: 1500,
      concurrency: 20,
    };
    const batch: LoadJob = {
      url: `${base}/batch`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: { productId, quantity: 1 },
      batch: { size: 50, url: '/hardware/orders' },
      total: 60,
      concurrency: 20,
    };
    await runLoad({ ...single, total: 200 });
    await runLoad({ ...batch, total: 4 });
    const singleResult = await runLoad(single);
    const batchResult = await runLoad(batch);
    const singleOrdersPerSecond = Math.round(
      (singleResult.latenciesMs.length / singleResult.elapsedMs) * 1000,
    );
    const applied = batchResult.subStatusCounts['201'] ?? 0;
    const batchOrdersPerSecond = Math.round((applied / batchResult.elapsedMs) * 1000);
    const underBatchLoad = await measureUnderBatchLoad({
      base,
      batchToken: token,
      batchProductId: productId,
      orderToken: await signUser(database.db, config, 'pg-bench-other@example.com'),
      orderProductId: await seedBenchProduct(database.db, 'hardware', 1_000_000),
      orderProbes: 150,
      healthProbes: 300,
    });
    const figures: PostgresBatchFigures = {
      singleOrdersPerSecond,
      singleP99Ms: percentile(singleResult.latenciesMs, 0.99),
      batchOrdersPerSecond,
      batchToSingleRatio: Math.round((batchOrdersPerSecond / singleOrdersPerSecond) * 1000) / 1000,
      underBatchLoad,
    };
    log('PostgreSQL batch bench (one API process, 20 concurrent clients, loopback)');
    log(
      `  POST order        ${figures.singleOrdersPerSecond} req/s  p99 ${figures.singleP99Ms} ms  (${single.total} requests, ${JSON.stringify(singleResult.statusCounts)})`,
    );
    log(
      `  POST /batch       ${figures.batchOrdersPerSecond} orders/s applied  (50 orders per batch, ${batch.total} batches, sub-requests ${JSON.stringify(batchResult.subStatusCounts)})`,
    );
    log(`  batch / single    ${figures.batchToSingleRatio} (orders/s)`);
    log(
      `  under batch load  another user's order p50 ${underBatchLoad.orderP50Ms} ms p99 ${underBatchLoad.orderP99Ms} ms, /health p50 ${underBatchLoad.healthP50Ms} ms p99 ${underBatchLoad.healthP99Ms} ms (${underBatchLoad.batches} batches of ${underBatchLoad.batchSize} applied meanwhile)`,
    );
    return figures;
  } finally {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
  }
}

if (import.meta.main) {
  // `node --experimental-strip-types tests/bench/postgres-batch-bench.ts`: this part alone.
  await runPostgresBatchBench();
}
