import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/fixtures/chromium.ts';
import {
  debounceMs,
  firstPageShown,
  initScript,
  percentile,
  signInAndMirror,
  sleep,
  startSeededServer,
  type SeededServer,
} from './search-bench.ts';

/**
 * Staff start-up (issue 26 item 10): a hardware employee's tablet opening the app again.
 * The search bench's server and catalogue (10,000 hardware products, a hardware employee); the
 * browser profile is a temporary directory kept on disk (`launchPersistentContext`), as on a
 * tablet, not Playwright's in-memory default: IndexedDB and the service worker's caches are read
 * from disk. The employee signs in once and the first pull fills the mirror; then, every run,
 * the browser is closed and launched again on the same profile, a page opens with CDP
 * Emulation.setCPUThrottlingRate 4 (a mid-range tablet) and goes to /hardware, answered by the
 * service worker. We time navigation start → the first product card in the DOM (a
 * MutationObserver; the commit, not the paint after it), and list the JS files the page
 * requested before that moment, with their gzip size as built (dist/assets/*.js.gz).
 *
 * Targets: the median warm start ≤ 1.2 s; the JS before the list ≤ 250 kB gzip.
 *
 * Run alone: `node --experimental-strip-types tests/bench/staff-start-bench.ts [--rebuild] [--runs N]`
 * Two builds against each other (a change to the start path): tests/bench/staff-start-compare.ts.
 */
export interface StaffStartResult {
  products: number;
  runs: number;
  cpuSlowdown: number;
  /** Navigation start → first card, each run, in ms. */
  warmStartMs: number[];
  warmStartP50Ms: number;
  /** JS requested before the first card (the first run's; the same every run). */
  jsBeforeList: { files: number; gzipBytes: number; byFile: { name: string; gzipBytes: number }[] };
}

export const warmStartTargetMs = 1200;
export const jsBeforeListTargetBytes = 250_000;

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dept = 'hardware';
/** A mid-range tablet: CDP Emulation.setCPUThrottlingRate. */
const cpuSlowdown = 4;

/** Gzip size of a built asset: its precompressed sibling when there is one, as the server sends. */
function gzipSizeOfAsset(pathname: string): number {
  const file = path.join(repoRoot, 'dist', pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The browser on a profile kept on disk, as a tablet's, with the bench's first-card recorder. */
export async function launchOnProfile(
  userDataDir: string,
  baseURL: string,
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    headless: true,
    baseURL,
    args: chromiumArgs,
    ...(chromiumExecutable() ? { executablePath: chromiumExecutable() } : {}),
  });
  await context.addInitScript(initScript, { debounce: debounceMs });
  return context;
}

/**
 * One warm start: the browser launched again on the profile, 4× CPU, /hardware answered by the
 * service worker. Resolves with navigation start → first card (ms) and the JS files requested
 * before it; the browser is closed again.
 */
export async function timeWarmStart(
  userDataDir: string,
  baseURL: string,
  products: number,
): Promise<{ firstPageAt: number; scripts: string[] }> {
  const context = await launchOnProfile(userDataDir, baseURL);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(`/${dept}`, { waitUntil: 'commit' });
    await firstPageShown(page, products);
    const { firstPageAt, scripts } = await page.evaluate(() => {
      const at = (window as unknown as { __firstPageAt: number | null }).__firstPageAt;
      const before = performance
        .getEntriesByType('resource')
        .filter((entry) => at !== null && entry.startTime <= at)
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith('.js'));
      // The entry script is the document's, not a resource entry.
      const entry = [...document.querySelectorAll('script[type="module"][src]')].map(
        (script) => new URL((script as HTMLScriptElement).src).pathname,
      );
      return { firstPageAt: at, scripts: [...new Set([...entry, ...before])] };
    });
    if (firstPageAt === null) throw new Error('first page time not recorded');
    return { firstPageAt, scripts };
  } finally {
    await context.close();
  }
}

/**
 * The profile a warm start opens: the employee signed in once and the first pull mirrored, then
 * the browser closed after the service worker and IndexedDB have written to disk. `signIn` is the
 * sign-in of the checkout whose server `seeded` is (staff-start-compare.ts passes another one's).
 */
export async function mirrorOnProfile(
  userDataDir: string,
  seeded: SeededServer,
  signIn: typeof signInAndMirror,
  log: (line: string) => void,
): Promise<void> {
  const context = await launchOnProfile(userDataDir, seeded.server.url);
  try {
    await signIn(context.pages()[0] ?? (await context.newPage()), seeded, log);
    await sleep(2000);
  } finally {
    await context.close();
  }
}

export async function runStaffStartBench(
  options: { runs?: number; rebuild?: boolean; log?: (line: string) => void } = {},
): Promise<StaffStartResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const runs = options.runs ?? 7;
  const seeded = await startSeededServer(10_000, log, options.rebuild ?? false);
  const { server, products } = seeded;
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'staff-start-profile-'));
  try {
    await mirrorOnProfile(userDataDir, seeded, signInAndMirror, log);

    const warmStartMs: number[] = [];
    let jsBeforeList: StaffStartResult['jsBeforeList'] | null = null;
    for (let run = 0; run < runs; run += 1) {
      const { firstPageAt, scripts } = await timeWarmStart(
        userDataDir,
        server.url,
        products.length,
      );
      warmStartMs.push(firstPageAt);
      if (jsBeforeList === null) {
        const byFile = scripts
          .map((pathname) => ({ name: pathname, gzipBytes: gzipSizeOfAsset(pathname) }))
          .sort((a, b) => b.gzipBytes - a.gzipBytes);
        jsBeforeList = {
          files: byFile.length,
          gzipBytes: byFile.reduce((sum, file) => sum + file.gzipBytes, 0),
          byFile,
        };
      }
    }
    if (jsBeforeList === null) throw new Error('no run');
    const result: StaffStartResult = {
      products: products.length,
      runs,
      cpuSlowdown,
      warmStartMs,
      warmStartP50Ms: percentile(warmStartMs, 50),
      jsBeforeList,
    };
    log(
      `  warm start (browser relaunched on a profile on disk, ${cpuSlowdown}× CPU) to the first card:` +
        ` ${warmStartMs.map((ms) => Math.round(ms)).join(' ')} ms`,
    );
    log(`  JS before the list: ${jsBeforeList.files} files, ${kB(jsBeforeList.gzipBytes)} gzip:`);
    for (const file of jsBeforeList.byFile) {
      log(`    ${kB(file.gzipBytes).padStart(9)}  ${file.name}`);
    }
    return result;
  } finally {
    await server.dispose();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The bench summary's line, with the targets. */
export function staffStartSummary(result: StaffStartResult): string {
  const meets = (ok: boolean) => (ok ? 'meets' : 'ABOVE');
  return (
    `  Staff start-up, /${dept} with ${result.products.toLocaleString('en')} products:` +
    ` warm start from the service worker at ${result.cpuSlowdown}× CPU, profile on disk, median of` +
    ` ${result.runs}: ${result.warmStartP50Ms} ms (target ≤ ${warmStartTargetMs},` +
    ` ${meets(result.warmStartP50Ms <= warmStartTargetMs)}); JS before the list shows:` +
    ` ${kB(result.jsBeforeList.gzipBytes)} gzip in ${result.jsBeforeList.files} files` +
    ` (target ≤ ${kB(jsBeforeListTargetBytes)}, ${meets(result.jsBeforeList.gzipBytes <= jsBeforeListTargetBytes)})`
  );
}

if (import.meta.main) {
  const runs = process.argv.indexOf('--runs');
  const result = await runStaffStartBench({
    rebuild: process.argv.includes('--rebuild'),
    ...(runs > 0 ? { runs: Number(process.argv[runs + 1]) } : {}),
  });
  console.log('');
  console.log(staffStartSummary(result));
}
