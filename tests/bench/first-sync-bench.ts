import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword, startTestServer } from '../e2e/fixtures/server.ts';
import { firstPage, launchOnDisk, type DiskProfile } from './disk-profile.ts';
import { startLatencyProxy } from './latency-proxy.ts';

/**
 * First sync benchmark: a department with 50,000 products (godown, created through the API's
 * /batch, 100 a request), a new tablet signs in, and we time how long the app's own pull takes
 * to bring every product into IndexedDB (paged, 1,000 a page, each page one Dexie transaction),
 * from the sign-in click until the mirror holds them all and the walk is over. The browser's
 * profile is on disk (disk-profile.ts), as a tablet's.
 *
 * Run alone: `node --experimental-strip-types tests/bench/first-sync-bench.ts [--products N]`
 */
export interface FirstSyncBenchResult {
  products: number;
  firstSyncMs: number;
  /** GET requests for the product list during the first sync (pages). */
  pageRequests: number;
  /** The largest progress the status showed, e.g. { done: 9000, total: 10000 }. */
  progressSeen: { done: number; total: number | null } | null;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function json<T>(url: string, init: RequestInit, expected: number): Promise<T> {
  const response = await fetch(url, init);
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * What the page's IndexedDB holds: the pull's state and, only when asked, the number of godown
 * products. Counting is a walk of the index, as long as the list: done every 50 ms while the walk
 * runs it would compete with the app's own writes and slow the second half of a big sync, so it
 * is counted once, when the pull says it is over.
 */
async function mirrorState(page: Page, withCount: boolean) {
  return page.evaluate(
    (countToo) =>
      new Promise<{ count: number; more: boolean | null; progress: unknown }>((resolve) => {
        const open = indexedDB.open('tz-trading');
        open.onerror = () => resolve({ count: 0, more: null, progress: null });
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('products')) {
            database.close();
            resolve({ count: 0, more: null, progress: null });
            return;
          }
          const tx = database.transaction(['products', 'syncState'], 'readonly');
          const count = countToo
            ? tx
                .objectStore('products')
                .index('[department+sortName]')
                .count(IDBKeyRange.bound(['godown'], ['godown', []]))
            : null;
          const state = tx.objectStore('syncState').get('godown/products');
          const progress = tx.objectStore('syncState').get('sync/progress');
          tx.oncomplete = () => {
            database.close();
            resolve({
              count: count ? count.result : -1,
              more: (state.result as { more?: boolean } | undefined)?.more ?? null,
              progress: (progress.result as { progress?: unknown } | undefined)?.progress ?? null,
            });
          };
        };
      }),
    withCount,
  );
}

export async function runFirstSyncBench(
  options: { products?: number; log?: (line: string) => void } = {},
): Promise<FirstSyncBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const total = options.products ?? 10_000;
  if (!existsSync(path.join(repoRoot, 'dist', 'index.html'))) {
    log('dist/ is missing: building the PWA (vite build)…');
    execFileSync('npx', ['vite', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const server = await startTestServer();
  let profile: DiskProfile | null = null;
  try {
    const base = `${server.url}/api/v1`;
    const { token } = await json<{ token: string }>(
      `${base}/users/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      },
      200,
    );
    const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const seedStarted = performance.now();
    for (let start = 0; start < total; start += 100) {
      const requests = Array.from({ length: Math.min(100, total - start) }, (_, i) => ({
        id: String(start + i),
        method: 'POST',
        url: '/godown/products',
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: {
          name: `Bench item ${start + i}`,
          price: 1_000 + i,
          quantity: 20 + (i % 50),
          location: `Shelf ${i % 20}`,
          description: 'Seeded for the first sync benchmark',
        },
      }));
      const answer = await json<{ responses: { status: number }[] }>(
        `${base}/batch`,
        { method: 'POST', headers: admin, body: JSON.stringify({ requests }) },
        200,
      );
      const refused = answer.responses.find((r) => r.status !== 201);
      if (refused) throw new Error(`seeding refused: ${JSON.stringify(refused)}`);
    }
    log(
      `First sync bench: ${total} godown products seeded in ${Math.round(performance.now() - seedStarted)} ms`,
    );

    const email = `first-sync-${Date.now()}@example.com`;
    const password = 'first-sync-123';
    await json(
      `${base}/users/signup`,
      {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ email, password, role: 'employee', category: 'godown' }),
      },
      201,
    );

    const proxy = await startLatencyProxy(server.port, 0);
    profile = await launchOnDisk(proxy.url, 'first-sync');
    const page = await firstPage(profile.context);
    // Where the time goes: waiting for the server's pages (request sent → last byte) or the rest
    // (the app parsing and writing each page into IndexedDB, between one page and the next).
    const pageWaits: number[] = [];
    profile.context.on('requestfinished', (request) => {
      if (!/\/api\/v1\/godown\/products\?/.test(request.url())) return;
      const timing = request.timing();
      if (timing.responseEnd > 0)
        pageWaits.push(timing.responseEnd - Math.max(0, timing.requestStart));
    });
    await page.goto('/login');
    await page.getByLabel(/email|barua pepe/i).fill(email);
    await page.getByLabel(/password|nenosiri/i).fill(password);
    const started = performance.now();
    await page.getByRole('button', { name: /^(login|sign in|ingia)$/i }).click();
    let progressSeen: FirstSyncBenchResult['progressSeen'] = null;
    // When each tenth of the list had arrived: a pull that slows down as the mirror grows shows.
    const timeline: string[] = [];
    let nextMark = total / 10;
    const deadline = Date.now() + 300_000;
    for (;;) {
      const walkOver = (await mirrorState(page, false)).more === false;
      const state = await mirrorState(page, walkOver);
      const progress = state.progress as { done: number; total: number | null } | null;
      if (progress && (!progressSeen || progress.done > progressSeen.done)) progressSeen = progress;
      while (progress && progress.done >= nextMark) {
        timeline.push(`${progress.done} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
        nextMark += total / 10;
      }
      if (state.count >= total && state.more === false) break;
      if (Date.now() > deadline)
        throw new Error(`first sync incomplete: ${state.count} of ${total}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const firstSyncMs = Math.round(performance.now() - started);
    log(`  first sync progress: ${timeline.join(', ')}`);
    const pageRequests = proxy.requests.filter(
      (line) => line === 'GET /api/v1/godown/products',
    ).length;
    log(
      `  first sync of ${total} products into IndexedDB: ${firstSyncMs} ms, ${pageRequests} page requests; progress seen ${JSON.stringify(progressSeen)}`,
    );
    const waited = pageWaits.reduce((sum, ms) => sum + ms, 0);
    log(
      `  waiting for the server's pages: ${Math.round(waited)} ms over ${pageWaits.length} pages` +
        ` (${Math.round((100 * waited) / firstSyncMs)}% of the first sync; the rest is the tablet's work)`,
    );
    await proxy.close();
    return { products: total, firstSyncMs, pageRequests, progressSeen };
  } finally {
    await profile?.close();
    await server.dispose();
  }
}

if (import.meta.main) {
  const at = process.argv.indexOf('--products');
  await runFirstSyncBench({ products: at > 0 ? Number(process.argv[at + 1]) : 50_000 });
}
