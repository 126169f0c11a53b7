import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildXlsx, buildXlsxBomb, type FixtureCell } from '../fixtures/xlsx-fixture.ts';

/**
 * Bulk upload benchmark (issue 11): the real server (server/main.ts, SQLite in a temporary
 * DATA_DIR) in its own process, so its memory is the server's alone, and three uploads of 10,000
 * godown products through POST /godown/products/bulk-upload:
 *
 * - a CSV of 10,000 new products (10,000 creates);
 * - an XLSX of the same 10,000 products with new prices and quantities (10,000 updates);
 * - a zip bomb (an .xlsx whose entry inflates to 500 MB), which must be refused.
 *
 * SQLite by default; BULK_BENCH_DATABASE_URL=postgres://… runs it on an empty PostgreSQL database.
 * For each: wall time of the request, and the server's peak RSS during it (Linux: the process's
 * high-water mark VmHWM, reset before each upload through /proc/<pid>/clear_refs) against its
 * RSS just before. Linux only.
 *
 *   node --experimental-strip-types tests/bench/bulk-upload-bench.ts
 */
export interface BulkUploadFigure {
  label: string;
  fileBytes: number;
  status: number;
  answer: string;
  ms: number;
  rssBeforeMb: number;
  peakRssMb: number;
  growthMb: number;
}

export interface BulkUploadBenchResult {
  rows: number;
  csv: BulkUploadFigure;
  xlsx: BulkUploadFigure;
  bomb: BulkUploadFigure;
}

const repoRoot = resolve(import.meta.dirname, '../..');
const adminEmail = 'admin@example.com';
const adminPassword = 'bulk-bench-admin-123';

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Resets the process's peak RSS to its current RSS (Linux: "5" > clear_refs). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

async function startServer(
  dataDir: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--experimental-strip-types', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: '',
      TOKEN_TTL: '',
      TRUST_PROXY: '',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error('The server exited early');
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not answer /health within 30 s');
}

function csvOf(rows: readonly (readonly FixtureCell[])[]): Uint8Array {
  return new TextEncoder().encode(rows.map((row) => row.join(',')).join('\r\n'));
}

async function upload(
  label: string,
  server: { child: ChildProcess; base: string },
  token: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<BulkUploadFigure> {
  const pid = server.child.pid ?? 0;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  resetPeak(pid);
  const before = memoryOf(pid);
  const started = performance.now();
  const response = await fetch(`${server.base}/godown/products/bulk-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.text();
  const ms = Math.round(performance.now() - started);
  const after = memoryOf(pid);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    label,
    fileBytes: bytes.byteLength,
    status: response.status,
    answer: answer.slice(0, 160),
    ms,
    rssBeforeMb: round(before.rssMb),
    peakRssMb: round(after.peakMb),
    growthMb: round(after.peakMb - before.rssMb),
  };
}

export async function runBulkUploadBench(
  options: { rows?: number; databaseUrl?: string; log?: (line: string) => void } = {},
): Promise<BulkUploadBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const count = options.rows ?? 10_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'bulk-upload-bench-'));
  // An empty PostgreSQL database to run against instead of SQLite (BULK_BENCH_DATABASE_URL).
  const databaseUrl = options.databaseUrl ?? process.env.BULK_BENCH_DATABASE_URL ?? '';
  const server = await startServer(dataDir, databaseUrl);
  try {
    const login = await fetch(`${server.base}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const header = ['name', 'price', 'quantity', 'location', 'description'];
    const products = (price: number, quantity: number) =>
      Array.from({ length: count }, (_, index): FixtureCell[] => [
        `Bench product ${index}`,
        price + index,
        quantity,
        `Deck ${index % 20}`,
        `Seeded by the bulk upload bench, row ${index + 2}`,
      ]);
    const csv = csvOf([header, ...products(1000, 40)]);
    const xlsx = buildXlsx([header, ...products(2000, 7)]);
    const bomb = buildXlsxBomb(500);

    log(
      `Bulk upload: ${count.toLocaleString('en')} rows, server ${server.base} (${databaseUrl ? 'PostgreSQL' : 'SQLite'})`,
    );
    const results: BulkUploadFigure[] = [];
    for (const [label, name, bytes] of [
      ['CSV, all new', 'bench.csv', csv],
      ['XLSX, all updates', 'bench.xlsx', xlsx],
      ['zip bomb (500 MB inflated)', 'bomb.xlsx', bomb],
    ] as const) {
      const figure = await upload(label, server, token, name, bytes);
      results.push(figure);
      log(
        `  ${figure.label}: ${(figure.fileBytes / 1024).toFixed(0)} KB → ${figure.status} in ${figure.ms} ms;` +
          ` server RSS ${figure.rssBeforeMb} MB before, peak ${figure.peakRssMb} MB (+${figure.growthMb} MB)` +
          `; ${figure.answer}`,
      );
    }
    const [csvFigure, xlsxFigure, bombFigure] = results as [
      BulkUploadFigure,
      BulkUploadFigure,
      BulkUploadFigure,
    ];
    return { rows: count, csv: csvFigure, xlsx: xlsxFigure, bomb: bombFigure };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((done) => server.child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The line `npm run bench` prints in its summary. */
export function bulkUploadSummary(result: BulkUploadBenchResult): string {
  const line = (figure: BulkUploadFigure) =>
    `${figure.label} ${figure.status} in ${(figure.ms / 1000).toFixed(1)} s, peak RSS +${figure.growthMb} MB`;
  return `  Bulk upload of ${result.rows.toLocaleString('en')} rows: ${line(result.csv)}; ${line(result.xlsx)}; ${line(result.bomb)}`;
}

if (import.meta.main) await runBulkUploadBench();
