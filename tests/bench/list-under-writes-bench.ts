import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
import { sql } from 'kysely';
import { newId } from '../../server/db/database.ts';
import { signUser, startBenchApp } from './bench-fixtures.ts';
import { inWorker } from './list-under-writes-load.ts';

/**
 * Lists under writes (issue 24 item 2, decision 0034): the real app on a temporary SQLite
 * DATA_DIR, on loopback, while orders arrive at a fixed rate (open loop, from a worker thread)
 * on random products, so every order raises the products list's version.
 *
 * - 10,000 products: 10 clients (closed loop, node:http, gzip taken as sent) read the plain GET
 *   /hardware/products; its p50/p99 and requests per second. Target: p99 ≤ 50 ms at 20 orders/s.
 * - 50,000 products: first alone (no other client: the cold full build, then 20 orders each read
 *   back, so 20 patches; one client over HTTP), then warm, the same readers as above plus 2
 *   clients reading the first page of a paged first sync (`?updatedSince=0&limit=1000`); the
 *   largest event-loop delay of the server's thread in each (perf_hooks monitorEventLoopDelay).
 *   Target: ≤ 50 ms.
 * Each scenario then runs the same load reading /health instead of the lists: the event-loop delay
 * this machine gives at that moment without any list (on 2 shared cores, mostly other threads'
 * time), to read the figure against. Loads run in worker threads (list-under-writes-load.ts);
 * the server is this process's main thread. LIST_BENCH_ONLY=small|large runs one scenario.
 *
 *   node tests/bench/list-under-writes-bench.ts
 */
export interface ListUnderWritesScenario {
  products: number;
  readers: number;
  ordersPerSecondAsked: number;
  ordersPlaced: number;
  orderStatuses: Record<string, number>;
  listRequests: number;
  listStatuses: Record<string, number>;
  listPerSecond: number;
  listP50Ms: number;
  listP99Ms: number;
  listMaxMs: number;
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
  /** Alone: a cold build then 20 order-and-read pairs from one client (0 when the scenario starts warm). */
  aloneLoopDelayMaxMs: number;
  /** The server thread's CPU time over the window's length (1 = one core all the time). */
  serverCpuShare: number;
  /** The same load reading /health instead of the lists: this machine's delay at that moment. */
  floorLoopDelayMaxMs: number;
  floorLoopDelayP99Ms: number;
}

export interface ListUnderWritesResult {
  small: ListUnderWritesScenario;
  large: ListUnderWritesScenario;
}

const round = (value: number) => Math.round(value * 100) / 100;

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0
  );
}

interface ScenarioOptions {
  products: number;
  readers: number;
  pagedReaders: number;
  ordersPerSecond: number;
  durationMs: number;
  /** Read the list once before measuring (the cold first build stays out of the figures). */
  warm: boolean;
}

async function runScenario(options: ScenarioOptions): Promise<ListUnderWritesScenario> {
  const bench = await startBenchApp('list-under-writes-bench');
  const { app, db, config } = bench;
  try {
    const token = await signUser(db, config, 'list-under-writes@example.com');
    // Stamped a minute ago: a shop's catalogue predates its orders. Rows stamped inside the cursor
    // overlap (15 s) are read again by every patch, so a catalogue written just now would make the
    // first 15 s a series of full builds (decision 0034, costs), which is not what this measures.
    const now = new Date(Date.now() - 60_000).toISOString();
    const productIds: string[] = [];
    for (let start = 0; start < options.products; start += 500) {
      const rows = [];
      for (let index = start; index < Math.min(options.products, start + 500); index += 1) {
        const id = newId();
        productIds.push(id);
        rows.push({
          id,
          department: 'hardware',
          name: `Product ${index}`,
          description: 'Seeded for the list-under-writes benchmark',
          price: 12_500,
          quantity: 1_000_000,
          imageId: null,
          location: null,
          condition: null,
          nutrients: null,
          version: 1,
          deletedAt: null,
          createdAt: now,
          updatedAt: now,
        });
      }
      await db.insertInto('products').values(rows).execute();
    }
    // The seed's WAL (tens of MB at 50,000 products) is checkpointed before measuring: copying it
    // back is set-up, and its disk writes would slow the orders' COMMITs (fsync, on this thread).
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const plainUrl = `${base}/hardware/products`;
    if (options.warm) {
      await inWorker({
        kind: 'reads',
        urls: [plainUrl],
        headers,
        concurrency: 2,
        durationMs: 1_000,
      });
    }
    /** Readers of `url` (and paged readers) while orders arrive; the server loop's delays. */
    const measure = async (url: string, pagedUrl: string) => {
      const { readers, durationMs } = options;
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const cpuBefore = process.threadCpuUsage();
      const [plain, paged, orders] = await Promise.all([
        inWorker({
          kind: 'reads',
          urls: [url],
          headers,
          concurrency: readers,
          durationMs,
        }),
        options.pagedReaders > 0
          ? inWorker({
              kind: 'reads',
              urls: [pagedUrl],
              headers,
              concurrency: options.pagedReaders,
              durationMs: options.durationMs,
            })
          : undefined,
        inWorker({
          kind: 'orders',
          url: `${base}/hardware/orders`,
          headers: { authorization: `Bearer ${token}` },
          productIds,
          perSecond: options.ordersPerSecond,
          durationMs,
        }),
      ]);
      delay.disable();
      const cpu = process.threadCpuUsage(cpuBefore);
      return { plain, paged, orders, delay, cpuMs: (cpu.user + cpu.system) / 1000 };
    };
    // Over HTTP from a worker, as a tablet reads: app.inject would decode each multi-megabyte
    // answer into a string on the server's own thread (light-my-request), which is the bench's
    // work, not the server's (a CPU profile showed it as the largest stall of this phase).
    const buildAndPatchAlone = async () => {
      const delay = monitorEventLoopDelay({ resolution: 2 });
      delay.enable();
      await inWorker({
        kind: 'readBack',
        listUrl: plainUrl,
        orderUrl: `${base}/hardware/orders`,
        headers,
        productIds: productIds.slice(0, 20),
      });
      delay.disable();
      return delay;
    };
    // From a cold cache, with one client and no other load: the first full build, then 20 orders
    // each followed by a read (a patch each). What the loop waits for here is the list's own
    // work, not other clients' turns on the machine's 2 cores.
    const alone = options.warm ? undefined : await buildAndPatchAlone();
    const { plain, paged, orders, delay, cpuMs } = await measure(
      plainUrl,
      `${plainUrl}?updatedSince=0&limit=1000`,
    );
    // The floor: the same threads and orders, reading /health instead of the lists. On a
    // shared 2-core machine the loop's delay is mostly time the OS gave to other threads.
    const floor = await measure(`${base}/health`, `${base}/health`);
    const sorted = [...plain.latenciesMs].sort((a, b) => a - b);
    const listStatuses = { ...plain.statusCounts };
    for (const [status, count] of Object.entries(paged?.statusCounts ?? {})) {
      listStatuses[`paged ${status}`] = count;
    }
    return {
      products: options.products,
      readers: options.readers,
      ordersPerSecondAsked: options.ordersPerSecond,
      ordersPlaced: orders.statusCounts['201'] ?? 0,
      orderStatuses: orders.statusCounts,
      listRequests: plain.latenciesMs.length,
      listStatuses,
      listPerSecond: round((plain.latenciesMs.length * 1000) / plain.elapsedMs),
      listP50Ms: round(percentile(sorted, 0.5)),
      listP99Ms: round(percentile(sorted, 0.99)),
      listMaxMs: round(sorted.at(-1) ?? 0),
      loopDelayMaxMs: round(delay.max / 1e6),
      loopDelayP99Ms: round(delay.percentile(99) / 1e6),
      serverCpuShare: round(cpuMs / options.durationMs),
      aloneLoopDelayMaxMs: round((alone?.max ?? 0) / 1e6),
      floorLoopDelayMaxMs: round(floor.delay.max / 1e6),
      floorLoopDelayP99Ms: round(floor.delay.percentile(99) / 1e6),
    };
  } finally {
    await bench.close();
  }
}

function emptyScenario(products: number): ListUnderWritesScenario {
  return {
    products,
    readers: 0,
    ordersPerSecondAsked: 0,
    ordersPlaced: 0,
    orderStatuses: {},
    listRequests: 0,
    listStatuses: {},
    listPerSecond: 0,
    listP50Ms: 0,
    listP99Ms: 0,
    listMaxMs: 0,
    loopDelayMaxMs: 0,
    loopDelayP99Ms: 0,
    serverCpuShare: 0,
    aloneLoopDelayMaxMs: 0,
    floorLoopDelayMaxMs: 0,
    floorLoopDelayP99Ms: 0,
  };
}

function describeScenario(figures: ListUnderWritesScenario): string {
  return (
    `${figures.products.toLocaleString('en')} products, ${figures.readers} gzip readers, orders asked ${figures.ordersPerSecondAsked}/s` +
    ` (placed ${figures.ordersPlaced}, ${JSON.stringify(figures.orderStatuses)}): plain GET p50 ${figures.listP50Ms} ms` +
    ` p99 ${figures.listP99Ms} ms max ${figures.listMaxMs} ms, ${figures.listPerSecond} req/s ${JSON.stringify(figures.listStatuses)};` +
    ` event-loop delay max ${figures.loopDelayMaxMs} ms (p99 ${figures.loopDelayP99Ms} ms;` +
    ` reading /health instead: max ${figures.floorLoopDelayMaxMs} ms, p99 ${figures.floorLoopDelayP99Ms} ms);` +
    ` server thread busy ${Math.round(figures.serverCpuShare * 100)} % of the time` +
    (figures.aloneLoopDelayMaxMs > 0
      ? `; before that, alone (cold build, then 20 orders each read back): event-loop delay max ${figures.aloneLoopDelayMaxMs} ms`
      : '')
  );
}

/** The summary lines of `npm run bench` (tests/bench/run.ts). */
export function listUnderWritesSummary(result: ListUnderWritesResult): string {
  return (
    `  Lists under writes: ${describeScenario(result.small)} (goal p99 ≤ 50 ms)\n` +
    `  Lists under writes: ${describeScenario(result.large)} (goal event-loop delay ≤ 50 ms)`
  );
}

export async function runListUnderWritesBench(
  log: (line: string) => void = (line) => console.log(line),
): Promise<ListUnderWritesResult> {
  const durationMs = 15_000;
  // LIST_BENCH_ONLY=small|large runs one scenario (the other's figures are then zeros).
  const only = process.env.LIST_BENCH_ONLY;
  const small =
    only === 'large'
      ? emptyScenario(10_000)
      : await runScenario({
          products: 10_000,
          readers: 10,
          pagedReaders: 0,
          ordersPerSecond: 20,
          durationMs,
          warm: true,
        });
  log('List under writes bench (SQLite WAL synchronous=FULL, loopback, orders on random products)');
  log(`  ${describeScenario(small)}`);
  const large =
    only === 'small'
      ? emptyScenario(50_000)
      : await runScenario({
          products: 50_000,
          readers: 10,
          pagedReaders: 2,
          ordersPerSecond: 20,
          durationMs,
          warm: false,
        });
  log(`  ${describeScenario(large)}`);
  return { small, large };
}

if (isMainThread && import.meta.main) {
  await runListUnderWritesBench();
}
