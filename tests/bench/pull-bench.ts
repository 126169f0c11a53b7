import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createDatabase, newId, nowIso } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/modules/users/password.ts';
import { createTokenService } from '../../server/plugins/tokens.ts';
import type { LoadJob } from './load-worker.ts';

/**
 * Pull benchmark (issue 8 part 4): the real app on a temporary SQLite DATA_DIR with 10,000
 * products, listening on loopback, driven over HTTP.
 *
 * - Plain GET /hardware/products (the spec's whole-list call) at 10 concurrent clients that ask
 *   for gzip: p50/p99 from a worker thread, time to the last byte. Measured twice: with plain
 *   node:http clients that take the bytes as sent (the server's latency; the figure that counts),
 *   and with fetch clients that also inflate the 3.4 MB body in the one load thread, as
 *   tests/bench/server-bench.ts does (that figure includes the load generator's own work).
 * - A paged first sync: GET /hardware/products?updatedSince=0&limit=1000 followed page by page
 *   until `more` is false: wall time of the whole walk.
 * - An idle incremental pull of the orders right after a few orders were placed (the overlap
 *   window still holds them): body and header bytes of the 200 answer (no If-None-Match), and of
 *   the answer when the client sends the ETag it got (304 where the server supports it).
 *
 *   node --experimental-strip-types tests/bench/pull-bench.ts
 */
export interface PullBenchResult {
  products: number;
  plainGetRequests: number;
  plainGetConcurrency: number;
  /** node:http clients, gzip bytes taken as sent. */
  plainGetP50Ms: number;
  plainGetP99Ms: number;
  /** Main-thread (server) CPU time per plain GET (user + system): the server's own cost. */
  plainGetServerCpuMsPerRequest: number;
  /** The floor on this machine: GET /api/v1/health (one `select 1`) at the same concurrency. */
  healthP50Ms: number;
  healthP99Ms: number;
  /** fetch clients that inflate each body (tests/bench/load-worker.ts), as server-bench does. */
  plainGetInflatingP50Ms: number;
  plainGetInflatingP99Ms: number;
  /** Bytes on the wire of one plain GET answer with gzip (body only). */
  plainGetGzipBodyBytes: number;
  pagedWalkMs: number;
  pagedWalkPages: number;
  /** Idle orders pull without If-None-Match: 200 answer. */
  idlePullBodyBytes: number;
  idlePullHeaderBytes: number;
  idlePullStatus: number;
  /** The same pull with the ETag of the previous answer as If-None-Match. */
  idleRevalidateBodyBytes: number;
  idleRevalidateHeaderBytes: number;
  idleRevalidateStatus: number;
}

export interface PullBenchOptions {
  products?: number;
  plainGetRequests?: number;
  plainGetConcurrency?: number;
  log?: (line: string) => void;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** What this bench reads from a load run (a subset of load-worker.ts's LoadResult). */
interface LoadFigures {
  latenciesMs: number[];
  statusCounts: Record<string, number>;
  elapsedMs: number;
}

interface RawLoadJob {
  rawLoad: true;
  url: string;
  headers: Record<string, string>;
  total: number;
  concurrency: number;
}

/** Closed-loop GETs over node:http keep-alive sockets; bodies are read, not decoded. */
async function rawLoad(job: RawLoadJob): Promise<LoadFigures> {
  const url = new URL(job.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`the bench only talks to the loopback interface, not ${url.hostname}`);
  }
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  let sent = 0;
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(url, { agent, headers: job.headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const client = async () => {
    while (sent < job.total) {
      sent += 1;
      const started = performance.now();
      const status = await once();
      latenciesMs.push(performance.now() - started);
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, client));
  agent.destroy();
  return { latenciesMs, statusCounts, elapsedMs: performance.now() - started };
}

function runLoad(job: LoadJob | RawLoadJob): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const script = new URL(
      'rawLoad' in job ? import.meta.url : './load-worker.ts',
      import.meta.url,
    );
    const worker = new Worker(script, { workerData: job });
    worker.once('message', (message: { ok: boolean; result?: LoadFigures; error?: string }) => {
      void worker.terminate();
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load worker failed'));
    });
    worker.once('error', reject);
  });
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** Status line plus every header line as sent (CRLF included). */
  headerBytes: number;
  /** Body bytes as received (compressed when the server compressed it). */
  body: Buffer;
  /** The body decoded (gunzipped when it came gzipped). */
  text: string;
}

/** One GET over plain HTTP, measuring the header block and the body as they came. */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        const flat: Record<string, string> = {};
        for (let index = 0; index < res.rawHeaders.length; index += 2) {
          const name = res.rawHeaders[index] ?? '';
          const value = res.rawHeaders[index + 1] ?? '';
          headerBytes += Buffer.byteLength(`${name}: ${value}\r\n`);
          flat[name.toLowerCase()] = value;
        }
        const body = Buffer.concat(chunks);
        const decoded = flat['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
        resolve({
          status: res.statusCode ?? 0,
          headers: flat,
          headerBytes,
          body,
          text: decoded.toString('utf8'),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function runPullBench(options: PullBenchOptions = {}): Promise<PullBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const productCount = options.products ?? 10_000;
  const plainGetRequests = options.plainGetRequests ?? 300;
  const plainGetConcurrency = options.plainGetConcurrency ?? 10;

  const dataDir = mkdtempSync(join(tmpdir(), 'pull-bench-'));
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

  try {
    const now = nowIso();
    const user = {
      id: newId(),
      email: 'pull-bench@example.com',
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
    const baseProduct = {
      department: 'hardware',
      description: 'Seeded for the pull benchmark',
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
    const productIds: string[] = [];
    const chunk = 500;
    for (let start = 0; start < productCount; start += chunk) {
      const rows = [];
      for (let index = start; index < Math.min(productCount, start + chunk); index += 1) {
        const id = newId();
        productIds.push(id);
        rows.push({ ...baseProduct, id, name: `Product ${index}`, quantity: 1_000 });
      }
      await db.insertInto('products').values(rows).execute();
    }

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `${address}/api/v1`;
    const authHeader = { authorization: `Bearer ${token}` };

    // ── Plain GET at 10 concurrent gzip clients ─────────────────────────────────────────────
    const listJob: RawLoadJob = {
      rawLoad: true,
      url: `${base}/hardware/products`,
      headers: { ...authHeader, 'accept-encoding': 'gzip' },
      total: plainGetRequests,
      concurrency: plainGetConcurrency,
    };
    await runLoad({ ...listJob, total: 30 });
    const cpuBefore = process.threadCpuUsage();
    const listResult = await runLoad(listJob);
    const cpu = process.threadCpuUsage(cpuBefore);
    const sorted = [...listResult.latenciesMs].sort((a, b) => a - b);
    const healthJob: RawLoadJob = { ...listJob, url: `${base}/health`, headers: {} };
    await runLoad({ ...healthJob, total: 100 });
    const healthSorted = [...(await runLoad(healthJob)).latenciesMs].sort((a, b) => a - b);
    const inflatingJob: LoadJob = {
      ...listJob,
      method: 'GET',
      total: Math.min(100, plainGetRequests),
    };
    const inflatingResult = await runLoad(inflatingJob);
    const inflatingSorted = [...inflatingResult.latenciesMs].sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 100) / 100;
    const plainSample = await rawGet(listJob.url, listJob.headers);

    // ── A paged first sync of every product ─────────────────────────────────────────────────
    const walkStarted = performance.now();
    let cursor = '0';
    let pages = 0;
    let seen = 0;
    for (;;) {
      const url = `${base}/hardware/products?updatedSince=${encodeURIComponent(cursor)}&limit=1000`;
      const res = await fetch(url, { headers: { ...authHeader, 'accept-encoding': 'gzip' } });
      if (res.status !== 200) throw new Error(`paged walk: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as { items: unknown[]; cursor: string; more?: boolean };
      pages += 1;
      seen += page.items.length;
      cursor = String(page.cursor);
      if (page.more !== true) break;
      if (pages > 1000) throw new Error('paged walk does not end');
    }
    const pagedWalkMs = round(performance.now() - walkStarted);
    if (seen !== productCount) log(`  note: the walk returned ${seen} of ${productCount} products`);

    // ── Idle orders pull right after a few orders ───────────────────────────────────────────
    for (let index = 0; index < 5; index += 1) {
      const res = await fetch(`${base}/hardware/orders`, {
        method: 'POST',
        headers: { ...authHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: productIds[index], quantity: 1 }),
      });
      if (res.status !== 201) throw new Error(`order: ${res.status} ${await res.text()}`);
    }
    const gzip = { ...authHeader, 'accept-encoding': 'gzip' };
    const first = await rawGet(`${base}/hardware/orders?updatedSince=0&limit=1000`, gzip);
    const firstPage = JSON.parse(first.text) as { cursor: string };
    const idleUrl = `${base}/hardware/orders?updatedSince=${encodeURIComponent(String(firstPage.cursor))}&limit=1000`;
    const idle = await rawGet(idleUrl, gzip);
    // The client keeps the cursor and the ETag of one answer and sends both with the next pull.
    const idlePage = JSON.parse(idle.text) as { cursor: string };
    const etag = idle.headers.etag;
    const revalidate = await rawGet(
      `${base}/hardware/orders?updatedSince=${encodeURIComponent(String(idlePage.cursor))}&limit=1000`,
      etag ? { ...gzip, 'if-none-match': etag } : gzip,
    );

    const result: PullBenchResult = {
      products: productCount,
      plainGetRequests,
      plainGetConcurrency,
      plainGetP50Ms: round(percentile(sorted, 0.5)),
      plainGetP99Ms: round(percentile(sorted, 0.99)),
      plainGetServerCpuMsPerRequest: round((cpu.user + cpu.system) / 1000 / plainGetRequests),
      healthP50Ms: round(percentile(healthSorted, 0.5)),
      healthP99Ms: round(percentile(healthSorted, 0.99)),
      plainGetInflatingP50Ms: round(percentile(inflatingSorted, 0.5)),
      plainGetInflatingP99Ms: round(percentile(inflatingSorted, 0.99)),
      plainGetGzipBodyBytes: plainSample.body.byteLength,
      pagedWalkMs,
      pagedWalkPages: pages,
      idlePullBodyBytes: idle.body.byteLength,
      idlePullHeaderBytes: idle.headerBytes,
      idlePullStatus: idle.status,
      idleRevalidateBodyBytes: revalidate.body.byteLength,
      idleRevalidateHeaderBytes: revalidate.headerBytes,
      idleRevalidateStatus: revalidate.status,
    };
    log(`Pull bench (SQLite WAL synchronous=FULL, ${productCount} products, loopback)`);
    log(
      `  plain GET /hardware/products, ${plainGetConcurrency} gzip clients: p50 ${result.plainGetP50Ms} ms  p99 ${result.plainGetP99Ms} ms  (${plainGetRequests} requests, ${JSON.stringify(listResult.statusCounts)}, ${Math.round(result.plainGetGzipBodyBytes / 1024)} KiB gzip)`,
    );
    log(`  server main-thread CPU per plain GET: ${result.plainGetServerCpuMsPerRequest} ms`);
    log(
      `  floor: GET /health at the same concurrency: p50 ${result.healthP50Ms} ms  p99 ${result.healthP99Ms} ms`,
    );
    log(
      `  the same with fetch clients that inflate every body: p50 ${result.plainGetInflatingP50Ms} ms  p99 ${result.plainGetInflatingP99Ms} ms  (${inflatingJob.total} requests, ${JSON.stringify(inflatingResult.statusCounts)})`,
    );
    log(`  paged first sync (limit 1000): ${pagedWalkMs} ms, ${pages} pages`);
    log(
      `  idle orders pull: ${idle.status}, body ${result.idlePullBodyBytes} B, headers ${result.idlePullHeaderBytes} B`,
    );
    log(
      `  idle orders pull with If-None-Match: ${revalidate.status}, body ${result.idleRevalidateBodyBytes} B, headers ${result.idleRevalidateHeaderBytes} B`,
    );
    return result;
  } finally {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!isMainThread && parentPort && (workerData as Partial<RawLoadJob> | null)?.rawLoad) {
  const port = parentPort;
  rawLoad(workerData as RawLoadJob).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
} else if (isMainThread && import.meta.main) {
  await runPullBench();
}
