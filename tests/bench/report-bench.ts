import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inclusiveDaysPeriod } from '../../domain/business-period.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createDatabase, newId, nowIso } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createReportPdf, type PageNumbering } from '../../server/modules/reports/pdf.ts';
import { addToSummary, reportPages } from '../../server/modules/reports/rows.ts';
import { readSettings, toSettingsInput } from '../../server/modules/settings/repository.ts';
import { createTokenService } from '../../server/plugins/tokens.ts';

/**
 * Report benchmark (issue 12): the PDF of 10,000 hardware orders (one month, SQLite).
 *
 * Each measurement runs in a fresh Node process (so the memory figure is not the leftovers of
 * the one before): it opens the seeded database, makes one small report first (pdfkit loads
 * its font metrics then), collects garbage, and then makes the big one while sampling the
 * process's resident set size every 5 ms. Reported: time to the last byte, the process's CPU
 * time over it (what a busy machine does not inflate), the same report made again at once,
 * RSS growth at its peak over the RSS just before the first, and the PDF's size and pages
 * (pdfinfo, when installed). The http figures include the fetch client reading the answer in
 * the same process.
 *
 * - http: GET /api/v1/hardware/reports over a real loopback socket (the shipped path: keyset
 *   pages of 500 rows, 'Page n' written as pages are made);
 * - direct running / direct of-total: the same generator called in-process, with 'Page n' and
 *   with 'Page n of m' (pdfkit bufferPages: every page kept until the end), to show what the
 *   total page count would cost.
 *
 * - bounded memory: 40,000 orders with V8's old space capped at 64 MB, over HTTP and with
 *   'Page n of m': does each complete?
 *
 *   node --experimental-strip-types tests/bench/report-bench.ts
 */
export interface ReportMeasurement {
  mode: 'http' | 'direct running' | 'direct of-total';
  /** Wall time to the last byte of the first big report. */
  ms: number;
  /** CPU time of the process (user + system) over the same span: less sensitive to a busy machine. */
  cpuMs: number;
  /** The same report made again at once (warm code), wall time. */
  warmMs: number;
  rssGrowthMb: number;
  bytes: number;
  pages: number | null;
}

/**
 * The bounded-memory check: a report of many more orders made in a process whose V8 old space
 * is capped, streamed ('Page n') and with 'Page n of m' (bufferPages). Completing under the cap
 * shows the streamed report does not hold its rows or pages.
 */
export interface BoundedCheck {
  orders: number;
  heapMb: number;
  /** GET /reports over HTTP completed under the cap. */
  streamed: boolean;
  /** The in-process 'Page n of m' report completed under the cap. */
  bufferPages: boolean;
}

export interface ReportBenchResult {
  orders: number;
  http: ReportMeasurement;
  direct: ReportMeasurement[];
  bounded: BoundedCheck | null;
}

const department = 'hardware';
const startDate = '2026-10-01';
const endDate = '2026-10-31';
const timeZone = 'Africa/Dar_es_Salaam';

function configFor(dataDir: string) {
  return loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
}

export async function seed(dataDir: string, orders: number): Promise<void> {
  const database = createDatabase(configFor(dataDir));
  const { db } = database;
  await migrateToLatest(db);
  const now = nowIso();
  await db
    .insertInto('users')
    .values({
      id: 'report-bench-admin',
      email: 'report-bench@example.com',
      passwordHash: 'unused',
      role: 'admin',
      category: 'hardware',
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const start = Date.parse('2026-09-30T21:00:00.000Z');
  const step = Math.floor((31 * 86_400_000) / orders);
  const names = ['Hammer', 'Claw hammer 16 oz', 'Saw', 'Ndoo ya plastiki 20 l', 'Nails 3" (1 kg)'];
  const rows = Array.from({ length: orders }, (_, index) => {
    const quantity = 1 + (index % 7);
    const price = 500 + (index % 40) * 250;
    const createdAt = new Date(start + index * step).toISOString();
    return {
      id: newId(),
      department,
      orderNumber: index + 1,
      orderId: `ORD-HW-${String(index + 1).padStart(6, '0')}`,
      productId: newId(),
      productName: names[index % names.length] ?? 'Hammer',
      quantity,
      price,
      total: quantity * price,
      status: 'pending',
      userId: 'report-bench-admin',
      deletedAt: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < rows.length; index += 1_000) {
      await trx
        .insertInto('orders')
        .values(rows.slice(index, index + 1_000))
        .execute();
    }
  });
  await database.destroy();
}

/** Resident set size sampled every 5 ms; `peak()` is the largest seen since start. */
function rssSampler() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  return {
    peak: () => Math.max(peak, process.memoryUsage.rss()),
    stop: () => clearInterval(timer),
  };
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}

function pageCount(bytes: Buffer, dataDir: string): number | null {
  try {
    const file = join(dataDir, `${newId()}.pdf`);
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

/** One measurement, in this (child) process. */
async function measure(dataDir: string, mode: ReportMeasurement['mode']): Promise<void> {
  const config = configFor(dataDir);
  const database = createDatabase(config);
  const { db } = database;
  const kept: Buffer[] = [];
  let bytes = 0;
  // Counts the bytes; keeps them only for pdfinfo after the clock has stopped.
  const sink = () =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        kept.push(chunk);
        done();
      },
    });

  let run: (from: string, to: string) => Promise<void>;
  let close = async () => {};
  if (mode === 'http') {
    const app = await buildApp({ config, db, dialect: database.dialect });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const token = await createTokenService(config).sign({
      id: 'report-bench-admin',
      email: 'report-bench@example.com',
      role: 'admin',
      category: 'hardware',
      tokenVersion: 0,
    });
    run = async (from, to) => {
      const res = await fetch(
        `http://127.0.0.1:${port}/api/v1/${department}/reports?startDate=${from}&endDate=${to}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      if (res.status !== 200 || !res.body) throw new Error(`report answered ${res.status}`);
      await pipeline(res.body, sink());
    };
    close = () => app.close();
  } else {
    const numbering: PageNumbering = mode === 'direct of-total' ? 'of-total' : 'running';
    run = async (from, to) => {
      const report = createReportPdf(
        {
          company: toSettingsInput(await readSettings(db)),
          departmentName: 'Hardware',
          startDate: from,
          endDate: to,
          timeZone,
          generatedAt: new Date(),
        },
        numbering,
      );
      const done = pipeline(report.doc, sink());
      const summary = { orders: 0, units: 0, revenue: 0 };
      for await (const page of reportPages(
        db,
        department,
        inclusiveDaysPeriod(from, to, timeZone),
      )) {
        report.addRows(page);
        addToSummary(summary, page);
      }
      report.finish(summary);
      await done;
    };
  }

  await run(startDate, startDate);
  kept.length = 0;
  bytes = 0;
  collectGarbage();
  const before = process.memoryUsage.rss();
  const sampler = rssSampler();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run(startDate, endDate);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const peak = sampler.peak();
  sampler.stop();
  const pdf = Buffer.concat(kept);
  const size = bytes;
  kept.length = 0;
  const warmStarted = performance.now();
  await run(startDate, endDate);
  const warmMs = performance.now() - warmStarted;
  const result: ReportMeasurement = {
    mode,
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    warmMs: Math.round(warmMs),
    rssGrowthMb: Math.round(((peak - before) / 1024 / 1024) * 10) / 10,
    bytes: size,
    pages: pageCount(pdf, dataDir),
  };
  await close();
  await database.destroy();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** One measurement in a fresh process; `heapMb` caps its V8 old space (a bounded-memory check). */
export function inChild(
  dataDir: string,
  mode: ReportMeasurement['mode'],
  heapMb?: number,
): ReportMeasurement {
  const output = execFileSync(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings',
      '--expose-gc',
      ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []),
      import.meta.filename,
      '--child',
      mode,
      dataDir,
    ],
    // A capped run that runs out of memory prints V8's report on stderr: keep it quiet.
    {
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
      stdio: ['ignore', 'pipe', heapMb ? 'ignore' : 'inherit'],
    },
  );
  const last = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as ReportMeasurement;
}

function boundedLine(check: BoundedCheck): string {
  const outcome = (ok: boolean) => (ok ? 'completed' : 'ran out of memory');
  return (
    `  ${check.orders.toLocaleString('en')} orders with the heap capped at ${check.heapMb} MB:` +
    ` streamed report ${outcome(check.streamed)}; 'Page n of m' (bufferPages) ${outcome(check.bufferPages)}`
  );
}

/** The line of `npm run bench`'s summary. */
export function reportSummary(result: ReportBenchResult): string {
  const { http } = result;
  const ofTotal = result.direct.find((m) => m.mode === 'direct of-total');
  return (
    `  PDF report of ${result.orders.toLocaleString('en')} orders over HTTP: ${(http.ms / 1000).toFixed(2)} s` +
    ` (CPU ${(http.cpuMs / 1000).toFixed(2)} s; again at once ${(http.warmMs / 1000).toFixed(2)} s),` +
    ` RSS +${http.rssGrowthMb} MB, ${http.pages ?? '?'} pages` +
    (ofTotal ? `; 'Page n of m' (bufferPages) would take RSS +${ofTotal.rssGrowthMb} MB` : '') +
    (result.bounded ? `\n${boundedLine(result.bounded)}` : '')
  );
}

function completes(dataDir: string, mode: ReportMeasurement['mode'], heapMb: number): boolean {
  try {
    inChild(dataDir, mode, heapMb);
    return true;
  } catch {
    return false;
  }
}

async function boundedCheck(orders: number, heapMb: number): Promise<BoundedCheck> {
  const dataDir = mkdtempSync(join(tmpdir(), 'report-bench-bounded-'));
  try {
    await seed(dataDir, orders);
    return {
      orders,
      heapMb,
      streamed: completes(dataDir, 'http', heapMb),
      bufferPages: completes(dataDir, 'direct of-total', heapMb),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runReportBench(
  options: {
    orders?: number;
    /** Orders of the bounded-memory check (0 skips it). */
    boundedOrders?: number;
    log?: (line: string) => void;
  } = {},
): Promise<ReportBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const orders = options.orders ?? 10_000;
  const boundedOrders = options.boundedOrders ?? 40_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'report-bench-'));
  try {
    log(`Report bench: ${orders.toLocaleString('en')} hardware orders in one month (SQLite)`);
    await seed(dataDir, orders);
    const line = (m: ReportMeasurement) =>
      `  ${m.mode}: ${(m.ms / 1000).toFixed(2)} s (CPU ${(m.cpuMs / 1000).toFixed(2)} s; again at once ${(m.warmMs / 1000).toFixed(2)} s),` +
      ` RSS +${m.rssGrowthMb} MB at peak, ${(m.bytes / 1024).toFixed(0)} kB, ${m.pages ?? '?'} pages`;
    const http = inChild(dataDir, 'http');
    log(line(http));
    const direct = [inChild(dataDir, 'direct running'), inChild(dataDir, 'direct of-total')];
    for (const measurement of direct) log(line(measurement));
    let bounded: BoundedCheck | null = null;
    if (boundedOrders > 0) {
      bounded = await boundedCheck(boundedOrders, 64);
      log(boundedLine(bounded));
    }
    return { orders, http, direct, bounded };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const child = process.argv.indexOf('--child');
  if (child > 0) {
    await measure(
      process.argv[child + 2] ?? '',
      (process.argv[child + 1] ?? 'http') as ReportMeasurement['mode'],
    );
  } else {
    await runReportBench();
  }
}
