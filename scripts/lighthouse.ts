/**
 * Measures the public home page with Lighthouse (default mobile settings: simulated slow 4G and 4×
 * CPU slowdown) against a production build served by the real server, and prints each run's
 * scores and the median. Usage:
 *
 *   npm run lighthouse              # build into dist-perf, then 3 runs
 *   npm run lighthouse -- --runs 5 --no-build --path /contact
 *
 * It builds into dist-perf (git-ignored) so dist/, which the browser suites use, is left alone.
 * Lighthouse itself is fetched by npx (npm package lighthouse@13) and drives CHROME_PATH
 * (default /usr/bin/chromium).
 */
import { execFile, execFileSync } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    build: { type: 'boolean', default: true },
    path: { type: 'string', default: '/' },
    // Keep each run's trace next to its report (Lighthouse --save-assets), for a closer look.
    assets: { type: 'boolean', default: false },
  },
  allowNegative: true,
});
const runs = Number(values.runs);
const outDir = 'dist-perf';

if (values.build) {
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
const config = loadConfig({
  ...process.env,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
});
const database = createDatabase(config);
await migrateToLatest(database.db);
const app = await buildApp({
  config,
  db: database.db,
  dialect: database.dialect,
  staticDir: join(process.cwd(), outDir),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const url = `http://127.0.0.1:${address.port}${values.path}`;

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';
const results: Run[] = [];
const reportDir = mkdtempSync(join(tmpdir(), 'lighthouse-report-'));
try {
  for (let index = 0; index < runs; index += 1) {
    const reportPath = join(reportDir, `run-${index}.json`);
    // Asynchronous: the server answering Lighthouse runs in this process.
    await promisify(execFile)(
      'npx',
      [
        '--yes',
        'lighthouse@13',
        url,
        `--chrome-flags=${chromeFlags}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--output=json',
        `--output-path=${reportPath}`,
        '--quiet',
        ...(values.assets ? ['--save-assets'] : []),
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
    );
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { numericValue: number }>;
    };
    const score = (id: string): number => Math.round((report.categories[id]?.score ?? 0) * 100);
    const metric = (id: string): number => report.audits[id]?.numericValue ?? Number.NaN;
    const run: Run = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: Math.round(metric('first-contentful-paint')),
      lcp: Math.round(metric('largest-contentful-paint')),
      tbt: Math.round(metric('total-blocking-time')),
      cls: metric('cumulative-layout-shift'),
      si: Math.round(metric('speed-index')),
    };
    results.push(run);
    console.log(`run ${index + 1}:`, JSON.stringify(run), reportPath);
  }
} finally {
  await app.close();
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (pick: (run: Run) => number): number => {
  const sorted = results.map(pick).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
console.log(
  `median of ${runs} on ${values.path}: performance ${median((r) => r.performance)}, accessibility ${median((r) => r.accessibility)}, best practices ${median((r) => r.bestPractices)}, SEO ${median((r) => r.seo)}; FCP ${median((r) => r.fcp)} ms, LCP ${median((r) => r.lcp)} ms, TBT ${median((r) => r.tbt)} ms, SI ${median((r) => r.si)} ms (load average ${
    (await import('node:os')).loadavg()[0]?.toFixed(1) ?? '?'
  })`,
);
