import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createDatabase, newId, nowIso } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/modules/users/password.ts';
import { createTokenService } from '../../server/plugins/auth.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';

/**
 * Server benchmark: the real app (buildApp, migrations, auth, idempotency) on a temporary SQLite
 * DATA_DIR (WAL, synchronous=FULL), listening on 127.0.0.1 on a random port, driven over HTTP by
 * a load generator in a worker thread.
 *
 * 1. POST /hardware/orders (each with its own Idempotency-Key, as the PWA outbox sends them) at 20
 *    concurrent clients, next to a hello-world route of the same server: requests/s, p50, p99 and
 *    the ratio (how much of the server's plain HTTP capacity a durable order keeps).
 * 2. GET /hardware/products with 10,000 products seeded: p50/p99.
 * Every loop is bounded by a fixed request count.
 */
export interface BenchFigures {
  requests: number;
  concurrency: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statusCounts: Record<string, number>;
}

export interface ServerBenchResult {
  hello: BenchFigures;
  orders: BenchFigures;
  /** orders req/s ÷ hello-world req/s. */
  orderToHelloRatio: number;
  productList: BenchFigures & { products: number; responseBytes: number };
}

export interface ServerBenchOptions {
  orderRequests?: number;
  helloRequests?: number;
  concurrency?: number;
  products?: number;
  productListRequests?: number;
  productListConcurrency?: number;
  log?: (line: string) => void;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function figures(job: LoadJob, result: LoadResult): BenchFigures {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    requests: job.total,
    concurrency: job.concurrency,
    requestsPerSecond: Math.round((result.latenciesMs.length / result.elapsedMs) * 1000),
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    statusCounts: result.statusCounts,
  };
}

function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: job });
    worker.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => {
      void worker.terminate();
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load worker failed'));
    });
    worker.once('error', reject);
  });
}

export async function runServerBench(options: ServerBenchOptions = {}): Promise<ServerBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const concurrency = options.concurrency ?? 20;
  const orderRequests = options.orderRequests ?? 2000;
  const helloRequests = options.helloRequests ?? 4000;
  const productCount = options.products ?? 10_000;
  const productListRequests = options.productListRequests ?? 100;
  const productListConcurrency = options.productListConcurrency ?? 10;

  const dataDir = mkdtempSync(join(tmpdir(), 'server-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '3000',
    LOG_LEVEL: 'silent',
  });
  const database = createDatabase(config);
  const { db } = database;
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    dialect: database.dialect,
    staticDir: join(dataDir, 'no-dist'),
  });
  // Baseline route of the same server (same plugins, hooks and error handler), bench app only.
  app.get('/api/v1/bench/hello', async () => ({ hello: 'world' }));

  try {
    const now = nowIso();
    const user = {
      id: newId(),
      email: 'bench@example.com',
      role: 'employee' as const,
      category: 'hardware' as const,
      tokenVersion: 0,
    };
    await db
      .insertInto('users')
      .values({
        ...user,
        passwordHash: await hashPassword('bench-password', { N: 2 ** 10, r: 8, p: 1 }),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const token = await createTokenService(config).sign(user);
    const orderProductId = newId();
    const baseProduct = {
      department: 'hardware',
      description: 'Seeded for the server benchmark',
      price: 12_500,
      imageId: null,
      location: null,
      condition: null,
      nutrients: null,
      version: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await db
      .insertInto('products')
      .values({ ...baseProduct, id: orderProductId, name: 'Bench hammer', quantity: 1_000_000 })
      .execute();
    const chunk = 500;
    for (let start = 1; start < productCount; start += chunk) {
      const rows = [];
      for (let index = start; index < Math.min(productCount, start + chunk); index += 1) {
        rows.push({ ...baseProduct, id: newId(), name: `Product ${index}`, quantity: 50 });
      }
      await db.insertInto('products').values(rows).execute();
    }

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `${address}/api/v1`;
    const authHeader = { authorization: `Bearer ${token}` };

    // Warm up both paths (JIT, prepared statements) before measuring.
    await runLoad({
      url: `${base}/bench/hello`,
      method: 'GET',
      headers: {},
      total: 200,
      concurrency,
    });
    await runLoad({
      url: `${base}/hardware/orders`,
      method: 'POST',
      headers: { ...authHeader, 'idempotency-key': '{key}' },
      body: { productId: orderProductId, quantity: 1 },
      total: 200,
      concurrency,
    });

    const helloJob: LoadJob = {
      url: `${base}/bench/hello`,
      method: 'GET',
      headers: {},
      total: helloRequests,
      concurrency,
    };
    const hello = figures(helloJob, await runLoad(helloJob));
    const orderJob: LoadJob = {
      url: `${base}/hardware/orders`,
      method: 'POST',
      headers: { ...authHeader, 'idempotency-key': '{key}' },
      body: { productId: orderProductId, quantity: 1 },
      total: orderRequests,
      concurrency,
    };
    const orders = figures(orderJob, await runLoad(orderJob));
    const listJob: LoadJob = {
      url: `${base}/hardware/products`,
      method: 'GET',
      headers: authHeader,
      total: productListRequests,
      concurrency: productListConcurrency,
    };
    const sample = await fetch(listJob.url, { headers: authHeader });
    const responseBytes = (await sample.arrayBuffer()).byteLength;
    const productList = {
      ...figures(listJob, await runLoad(listJob)),
      products: productCount,
      responseBytes,
    };
    const orderToHelloRatio =
      Math.round((orders.requestsPerSecond / hello.requestsPerSecond) * 1000) / 1000;

    log(`Server bench (SQLite WAL synchronous=FULL, ${concurrency} concurrent clients, loopback)`);
    log(
      `  hello world       ${hello.requestsPerSecond} req/s  p50 ${hello.p50Ms} ms  p99 ${hello.p99Ms} ms  (${hello.requests} requests, ${JSON.stringify(hello.statusCounts)})`,
    );
    log(
      `  POST order        ${orders.requestsPerSecond} req/s  p50 ${orders.p50Ms} ms  p99 ${orders.p99Ms} ms  (${orders.requests} requests, ${JSON.stringify(orders.statusCounts)})`,
    );
    log(`  order / hello     ${orderToHelloRatio}`);
    log(
      `  GET products      ${productList.requestsPerSecond} req/s  p50 ${productList.p50Ms} ms  p99 ${productList.p99Ms} ms  (${productCount} products, ${Math.round(responseBytes / 1024)} KiB, ${productList.requests} requests at ${productListConcurrency} concurrent, ${JSON.stringify(productList.statusCounts)})`,
    );
    return { hello, orders, orderToHelloRatio, productList };
  } finally {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await runServerBench();
}
