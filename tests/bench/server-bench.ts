import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { productDepartmentIds } from '../../domain/departments.ts';
import { createDatabase, newId, nowIso, sqliteFileName } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/modules/users/password.ts';
import { createTokenService } from '../../server/plugins/tokens.ts';
import { measureUnderBatchLoad, type BatchLoadFigures } from './batch-load.ts';
import { seedBenchProduct, signUser } from './bench-fixtures.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';
import { runLoad } from './run-load.ts';

/**
 * Server benchmark: the real app (buildApp, migrations, auth, idempotency) on a temporary SQLite
 * DATA_DIR (WAL, synchronous=FULL), listening on 127.0.0.1 on a random port, driven over HTTP by
 * a load generator in a worker thread.
 *
 * 1. POST /hardware/orders (each with its own Idempotency-Key, as the PWA outbox sends them) at 20
 *    concurrent clients, next to a hello-world route of the same server: requests/s, p50, p99 and
 *    the ratio (how much of the server's plain HTTP capacity a durable order keeps).
 * 2. The same durable order run directly on better-sqlite3 (no HTTP, no Kysely), one transaction
 *    per order on a WAL + synchronous=FULL file with the app's schema, in two sizes: "minimal"
 *    (check stock, decrement, insert the order) and "as the API" (also the idempotency record
 *    claimed and completed and the department's order sequence, the statements the route runs).
 *    The report prints API orders/s ÷ raw orders/s: how much of the durable write rate the API
 *    keeps at 20 concurrent single-order clients.
 * 3. POST /batch with 50 orders per batch (each its own Idempotency-Key, as the flusher sends
 *    them): orders applied per second (counted in the database) against the single-order rate.
 * 4. GET /hardware/products with 10,000 products seeded: p50/p99.
 * Every loop is bounded by a fixed request or order count.
 */
export interface BenchFigures {
  requests: number;
  concurrency: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statusCounts: Record<string, number>;
}

export interface RawOrderFigures {
  orders: number;
  ordersPerSecond: number;
}

export interface BatchBenchFigures extends BenchFigures {
  batchSize: number;
  /** Orders that reached the database during the run (not just answered). */
  ordersApplied: number;
  ordersPerSecond: number;
  subStatusCounts: Record<string, number>;
}

export interface ServerBenchResult {
  hello: BenchFigures;
  orders: BenchFigures;
  /** orders req/s ÷ hello-world req/s. */
  orderToHelloRatio: number;
  /** The order transaction run directly on better-sqlite3 (see the file comment). */
  rawOrders: { minimal: RawOrderFigures; asApi: RawOrderFigures };
  /** API orders/s (20 concurrent single-order clients) ÷ raw minimal orders/s. */
  orderToRawRatio: number;
  /** API orders/s ÷ raw orders/s running the same statements as the API. */
  orderToRawAsApiRatio: number;
  batchOrders: BatchBenchFigures;
  /** Orders/s applied through POST /batch ÷ single-order requests/s. */
  batchToSingleRatio: number;
  /** Another user's order and /health while batches pour in. */
  underBatchLoad: BatchLoadFigures;
  productList: BenchFigures & { products: number; responseBytes: number };
  /** POST /{dept}/orders per product department (two alternating runs, summed), vs hardware. */
  departmentOrders: { department: string; requestsPerSecond: number; toHardware: number }[];
}

export interface ServerBenchOptions {
  orderRequests?: number;
  helloRequests?: number;
  concurrency?: number;
  products?: number;
  productListRequests?: number;
  productListConcurrency?: number;
  rawOrders?: number;
  batchSize?: number;
  batchRequests?: number;
  batchConcurrency?: number;
  /** Orders per department and run in the department comparison (two runs each). */
  departmentOrderRequests?: number;
  /** Skip the 10,000-product list (its seeding and requests take most of the bench's time). */
  skipProductList?: boolean;
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

interface RawOrderBench {
  /** Runs `orders` orders of each kind; adds them and their time to the totals. */
  run(orders: number): void;
  figures(): { minimal: RawOrderFigures; asApi: RawOrderFigures };
  close(): void;
}

/**
 * Orders run straight on better-sqlite3, one durable transaction each, on a fresh file with the
 * app's migrated schema. Statements are prepared once (the best case for the database itself).
 * The bench runs it in two halves, before and after the API's single-order run, so a change in
 * the machine's load during the run weighs on both sides of the ratio alike.
 */
async function openRawOrderBench(dataDir: string): Promise<RawOrderBench> {
  mkdirSync(dataDir, { recursive: true });
  const migrated = createDatabase({ dataDir, databaseUrl: undefined });
  await migrateToLatest(migrated.db);
  await migrated.destroy();

  const sqlite = new Database(join(dataDir, sqliteFileName));
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    const department = 'hardware';
    const productId = newId();
    const userId = newId();
    const now = nowIso();
    sqlite
      .prepare(
        `insert into products (id, department, name, description, price, quantity, version, createdAt, updatedAt)
         values (?, ?, 'Raw hammer', 'Seeded for the raw bench', 12500, 100000000, 1, ?, ?)`,
      )
      .run(productId, department, now, now);

    const checkStock = sqlite.prepare(
      `select quantity, price, name from products where id = ? and department = ? and deletedAt is null`,
    );
    const takeStock = sqlite.prepare(
      `update products set quantity = quantity - ?, version = version + 1, updatedAt = ?
       where id = ? and department = ? and deletedAt is null and quantity >= ?
       returning id, name, price, quantity`,
    );
    const nextNumber = sqlite.prepare(
      `insert into order_sequences (department, lastNumber) values (?, 1)
       on conflict (department) do update set lastNumber = order_sequences.lastNumber + 1
       returning lastNumber`,
    );
    const insertOrder = sqlite.prepare(
      `insert into orders (id, department, orderNumber, orderId, productId, productName, quantity,
         price, total, status, userId, deletedAt, createdAt, updatedAt)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, null, ?, ?)`,
    );
    const claimKey = sqlite.prepare(
      `insert into idempotency_keys (key, userId, method, path, bodyHash, state, statusCode,
         responseBody, createdAt)
       values (?, ?, 'POST', '/api/v1/hardware/orders', ?, 'processing', null, null, ?)`,
    );
    const completeKey = sqlite.prepare(
      `update idempotency_keys set state = 'completed', statusCode = 201, responseBody = ?
       where userId = ? and key = ?`,
    );
    let orderNumber = 1_000_000;
    const minimalOrder = sqlite.transaction(() => {
      const at = nowIso();
      const product = checkStock.get(productId, department) as
        { quantity: number; price: number; name: string } | undefined;
      if (!product || product.quantity < 1) throw new Error('raw bench: out of stock');
      takeStock.run(1, at, productId, department, 1);
      orderNumber += 1;
      insertOrder.run(
        newId(),
        department,
        orderNumber,
        `RAW-${orderNumber}`,
        productId,
        product.name,
        1,
        product.price,
        product.price,
        userId,
        at,
        at,
      );
    });
    const asApiOrder = sqlite.transaction(() => {
      const at = nowIso();
      const key = newId();
      claimKey.run(key, userId, 'body-hash', at);
      const product = takeStock.get(1, at, productId, department, 1) as
        { id: string; name: string; price: number; quantity: number } | undefined;
      if (!product) throw new Error('raw bench: out of stock');
      const { lastNumber } = nextNumber.get(department) as { lastNumber: number };
      const id = newId();
      insertOrder.run(
        id,
        department,
        lastNumber,
        `ORD-HW-${lastNumber}`,
        productId,
        product.name,
        1,
        product.price,
        product.price,
        userId,
        at,
        at,
      );
      completeKey.run(JSON.stringify({ _id: id, orderId: `ORD-HW-${lastNumber}` }), userId, key);
    });
    const totals = {
      minimal: { orders: 0, ms: 0 },
      asApi: { orders: 0, ms: 0 },
    };
    const measure = (order: () => void, total: { orders: number; ms: number }, count: number) => {
      const started = performance.now();
      for (let index = 0; index < count; index += 1) order();
      total.ms += performance.now() - started;
      total.orders += count;
    };
    // Warm-up (JIT, file growth) outside the totals.
    for (let index = 0; index < 100; index += 1) {
      minimalOrder();
      asApiOrder();
    }
    const rate = (total: { orders: number; ms: number }): RawOrderFigures => ({
      orders: total.orders,
      ordersPerSecond: Math.round((total.orders / total.ms) * 1000),
    });
    return {
      run(count) {
        measure(minimalOrder, totals.minimal, count);
        measure(asApiOrder, totals.asApi, count);
      },
      figures: () => ({ minimal: rate(totals.minimal), asApi: rate(totals.asApi) }),
      close: () => sqlite.close(),
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

export async function runServerBench(options: ServerBenchOptions = {}): Promise<ServerBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const concurrency = options.concurrency ?? 20;
  const orderRequests = options.orderRequests ?? 2000;
  const helloRequests = options.helloRequests ?? 4000;
  const productCount = options.products ?? 10_000;
  const productListRequests = options.productListRequests ?? 100;
  const productListConcurrency = options.productListConcurrency ?? 10;
  const rawOrderCount = options.rawOrders ?? 2000;
  const batchSize = options.batchSize ?? 50;
  const batchRequests = options.batchRequests ?? 200;
  const batchConcurrency = options.batchConcurrency ?? 20;
  const skipProductList = options.skipProductList ?? false;
  const departmentOrderRequests = options.departmentOrderRequests ?? 1000;

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
    for (let start = 1; start < (skipProductList ? 0 : productCount); start += chunk) {
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
    const raw = await openRawOrderBench(join(dataDir, 'raw'));
    let orders: BenchFigures;
    try {
      raw.run(Math.ceil(rawOrderCount / 2));
      orders = figures(orderJob, await runLoad(orderJob));
      raw.run(Math.floor(rawOrderCount / 2));
    } finally {
      raw.close();
    }
    const rawOrders = raw.figures();

    const batchJob: LoadJob = {
      url: `${base}/batch`,
      method: 'POST',
      headers: authHeader,
      body: { productId: orderProductId, quantity: 1 },
      batch: { size: batchSize, url: '/hardware/orders' },
      total: batchRequests,
      concurrency: batchConcurrency,
    };
    // Warm-up of the batch path, then the measured run; applied orders are counted in the database.
    await runLoad({ ...batchJob, total: Math.min(4, batchRequests) });
    const countOrders = async () =>
      Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ordersBefore = await countOrders();
    const batchResult = await runLoad(batchJob);
    const ordersApplied = (await countOrders()) - ordersBefore;
    const batchOrders: BatchBenchFigures = {
      ...figures(batchJob, batchResult),
      batchSize,
      ordersApplied,
      ordersPerSecond: Math.round((ordersApplied / batchResult.elapsedMs) * 1000),
      subStatusCounts: batchResult.subStatusCounts,
    };

    // Another user's order and /health while 10 clients send batches of 100 (issue 22 item 3).
    const underBatchLoad = await measureUnderBatchLoad({
      base,
      batchToken: token,
      batchProductId: orderProductId,
      orderToken: await signUser(db, config, 'bench-other@example.com'),
      orderProductId: await seedBenchProduct(db, 'hardware', 1_000_000),
      orderProbes: 150,
      healthProbes: 300,
    });

    // Every product department's order route, each with its own clerk and product, in two runs
    // of alternating order (so a database that grows during the bench weighs on all alike).
    const departmentJobs: { department: string; job: LoadJob }[] = [];
    for (const department of productDepartmentIds) {
      const clerk = {
        ...user,
        id: newId(),
        email: `bench-${department}@example.com`,
        category: department,
      };
      await db
        .insertInto('users')
        .values({ ...clerk, passwordHash: 'not-used', createdAt: now, updatedAt: now })
        .execute();
      const productId = newId();
      await db
        .insertInto('products')
        .values({
          ...baseProduct,
          id: productId,
          department,
          name: 'Bench item',
          quantity: 1_000_000,
        })
        .execute();
      const clerkToken = await createTokenService(config).sign(clerk);
      departmentJobs.push({
        department,
        job: {
          url: `${base}/${department}/orders`,
          method: 'POST',
          headers: { authorization: `Bearer ${clerkToken}`, 'idempotency-key': '{key}' },
          body: { productId, quantity: 1 },
          total: departmentOrderRequests,
          concurrency,
        },
      });
    }
    const departmentTotals = new Map<string, { requests: number; elapsedMs: number }>();
    for (const run of [departmentJobs, [...departmentJobs].reverse()]) {
      for (const { department, job } of run) {
        const result = await runLoad(job);
        const total = departmentTotals.get(department) ?? { requests: 0, elapsedMs: 0 };
        total.requests += result.latenciesMs.length;
        total.elapsedMs += result.elapsedMs;
        departmentTotals.set(department, total);
      }
    }
    const perSecond = (department: string) => {
      const total = departmentTotals.get(department);
      return total ? Math.round((total.requests / total.elapsedMs) * 1000) : 0;
    };

    const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
    const departmentOrders = departmentJobs.map(({ department }) => ({
      department,
      requestsPerSecond: perSecond(department),
      toHardware: ratio(perSecond(department), perSecond('hardware')),
    }));
    const orderToRawRatio = ratio(orders.requestsPerSecond, rawOrders.minimal.ordersPerSecond);
    const orderToRawAsApiRatio = ratio(orders.requestsPerSecond, rawOrders.asApi.ordersPerSecond);
    const batchToSingleRatio = ratio(batchOrders.ordersPerSecond, orders.requestsPerSecond);

    const listJob: LoadJob = {
      url: `${base}/hardware/products`,
      method: 'GET',
      headers: authHeader,
      total: productListRequests,
      concurrency: productListConcurrency,
    };
    let responseBytes = 0;
    let productList = {
      ...figures(listJob, {
        latenciesMs: [],
        statusCounts: {},
        subStatusCounts: {},
        elapsedMs: 1,
      }),
      products: 0,
      responseBytes,
    };
    if (!skipProductList) {
      const sample = await fetch(listJob.url, { headers: authHeader });
      responseBytes = (await sample.arrayBuffer()).byteLength;
      productList = {
        ...figures(listJob, await runLoad(listJob)),
        products: productCount,
        responseBytes,
      };
    }
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
      `  raw SQLite order  ${rawOrders.minimal.ordersPerSecond} orders/s minimal (check stock, decrement, insert), ${rawOrders.asApi.ordersPerSecond} orders/s with the API's statements (idempotency record, order sequence); one durable transaction each, ${rawOrders.minimal.orders} orders`,
    );
    log(
      `  order / raw       ${orderToRawRatio} (minimal)  ${orderToRawAsApiRatio} (API's statements)`,
    );
    log(
      `  POST /batch       ${batchOrders.ordersPerSecond} orders/s applied  (${batchSize} orders per batch, ${batchOrders.requestsPerSecond} batches/s, p50 ${batchOrders.p50Ms} ms  p99 ${batchOrders.p99Ms} ms, ${batchOrders.requests} batches at ${batchConcurrency} concurrent, ${batchOrders.ordersApplied} orders applied, batch ${JSON.stringify(batchOrders.statusCounts)}, sub-requests ${JSON.stringify(batchOrders.subStatusCounts)})`,
    );
    log(`  batch / single    ${batchToSingleRatio} (orders/s)`);
    log(
      `  under batch load  another user's order p50 ${underBatchLoad.orderP50Ms} ms p99 ${underBatchLoad.orderP99Ms} ms, /health p50 ${underBatchLoad.healthP50Ms} ms p99 ${underBatchLoad.healthP99Ms} ms (${underBatchLoad.batchClients} clients sending batches of ${underBatchLoad.batchSize} orders, ${underBatchLoad.batches} batches applied meanwhile; goals p99 ≤ 200 ms and ≤ 100 ms)`,
    );
    log(
      `  POST /{dept}/orders ${departmentOrders.map((entry) => `${entry.department} ${entry.requestsPerSecond}/s (${entry.toHardware})`).join(', ')}  (req/s and ÷ hardware; ${departmentOrderRequests} orders × 2 runs each)`,
    );
    if (!skipProductList) {
      log(
        `  GET products      ${productList.requestsPerSecond} req/s  p50 ${productList.p50Ms} ms  p99 ${productList.p99Ms} ms  (${productCount} products, ${Math.round(responseBytes / 1024)} KiB, ${productList.requests} requests at ${productListConcurrency} concurrent, ${JSON.stringify(productList.statusCounts)})`,
      );
    }
    return {
      hello,
      orders,
      orderToHelloRatio,
      rawOrders,
      orderToRawRatio,
      orderToRawAsApiRatio,
      batchOrders,
      batchToSingleRatio,
      underBatchLoad,
      productList,
      departmentOrders,
    };
  } finally {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  // `node --experimental-strip-types tests/bench/server-bench.ts [--skip-product-list]`: the
  // server part of `npm run bench` alone.
  await runServerBench({ skipProductList: process.argv.includes('--skip-product-list') });
}
