import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { departments } from '../../domain/departments.ts';
import { filterBySearch } from '../../domain/search.ts';
import { firstPage, launchOnDisk, type DiskProfile } from './disk-profile.ts';
import {
  adminEmail,
  adminPassword,
  startTestServer,
  type TestServer,
} from '../e2e/fixtures/server.ts';

/**
 * Department home search benchmark: the built PWA in Chromium against the real server
 * (node server/main.ts on SQLite). 10,000 hardware products (stamped a day ago) go straight into
 * the server's SQLite file, a hardware employee signs in and the app's first pull fills IndexedDB.
 * Then, on /hardware:
 *
 * - per keystroke: the page is reloaded, the search box clicked and a query typed one key at a
 *   time; for each key we time from the moment the search debounce fires (the app's 300 ms
 *   setTimeout, observed by wrapping window.setTimeout before the app loads) until the DOM shows
 *   that query's results (count text, number of cards, first card's name, all checked against the
 *   same search computed here from the seed, in the Dexie index's order). Keys whose results equal
 *   the previous key's (e.g. a trailing space) are typed but not timed: the DOM does not change.
 *   The first key is also reported alone: it is the first search since the page loaded;
 * - warm start: the page is reloaded (service worker, assets and IndexedDB warm) and we time from
 *   navigation start until the first product card is in the DOM.
 *
 * Both at full speed and with CDP Emulation.setCPUThrottlingRate 4 (a mid-range tablet).
 * Times are to the DOM commit (observed by a MutationObserver), not to the paint after it.
 *
 * Run alone: `node --experimental-strip-types tests/bench/search-bench.ts [--rebuild] [--reloads N]`
 * (dist/ is built when missing; `--rebuild` builds it again from the current sources).
 */
export interface SearchBenchResult {
  products: number;
  /** Keystrokes timed per speed. */
  keystrokes: number;
  perKeystrokeP50Ms: number;
  perKeystrokeP95Ms: number;
  perKeystrokeMaxMs: number;
  /** The first key after the page loaded (full speed), also counted in the figures above. */
  firstKeystrokeMs: number;
  throttledP50Ms: number;
  throttledP95Ms: number;
  throttledMaxMs: number;
  throttledFirstKeystrokeMs: number;
  /** Reloads per speed. */
  warmStarts: number;
  warmStartFirstPageP50Ms: number;
  throttledWarmStartFirstPageP50Ms: number;
}

export interface SearchBenchOptions {
  products?: number;
  /** Warm reloads per speed. */
  reloads?: number;
  /** Rebuild dist/ even when it exists. */
  rebuild?: boolean;
  log?: (line: string) => void;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dept = 'hardware';
const descriptor = departments[dept];
const pageSize = descriptor.shopPageSize;
export const debounceMs = 300;
const emptySearchText = 'No products found matching your search';

/** The keys typed, in order ('\b' is Backspace). Together they exercise name and description hits. */
const typed = [
  'galv',
  '\b\b\b\b',
  'roof sheet 2',
  '\b\b\b\b\b\b\b\b\b\b\b\b',
  'rust',
  'x',
  '\b\b\b\b\b',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds dist/ when it is missing or when asked to (`--rebuild`). A dist/ older than the sources is
 * only reported: other people share this checkout, and a rebuild of a half-edited tree could leave
 * dist/ broken for them.
 */
export function ensureBuilt(log: (line: string) => void, rebuild: boolean): void {
  const index = path.join(repoRoot, 'dist', 'index.html');
  if (existsSync(index) && !rebuild) {
    const sources = ['src', 'domain', 'sw'].map((dir) => newestMtime(path.join(repoRoot, dir)));
    if (statSync(index).mtimeMs < Math.max(...sources)) {
      log('warning: dist/ is older than the sources; pass --rebuild to measure the current code');
    }
    return;
  }
  log('building the PWA (vite build)…');
  execFileSync('npx', ['vite', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

async function api<T>(url: string, init: RequestInit, expected: number): Promise<T> {
  const response = await fetch(url, init);
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** A small deterministic PRNG (mulberry32), so every run seeds the same catalogue. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const materials = ['Steel', 'Galvanised', 'Brass', 'Copper', 'PVC', 'Aluminium', 'Iron', 'Timber'];
const items = [
  'Claw hammer',
  'Nails',
  'Screws',
  'Pipe',
  'Elbow joint',
  'Hinge',
  'Padlock',
  'Wire',
  'Chain',
  'Bolt',
  'Washer',
  'Bucket',
  'Wheelbarrow',
  'Spade',
  'Trowel',
  'Roof sheet',
  'Valve',
  'Tap',
  'Drill bit',
  'Saw blade',
  'Ladder',
  'Rope',
];
const sizes = [
  '10 mm',
  '12 mm',
  '25 mm',
  '50 mm',
  '1 inch',
  '2 inch',
  '3 m',
  '5 m',
  '1 kg',
  '20 kg',
];
const uses = [
  'for roofing',
  'for plumbing',
  'for fencing',
  'for outdoor use',
  'heavy duty',
  'rust resistant finish',
  'TBS certified',
  'for carpentry',
];

export interface SeedProduct {
  _id: string;
  name: string;
  description: string;
}

function seedRows(count: number): SeedProduct[] {
  const random = prng(8);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, (_, index) => ({
    _id: randomUUID(),
    name: `${pick(materials)} ${pick(items)} ${pick(sizes)} HW-${String(index).padStart(5, '0')}`,
    description: `${pick(uses)}, ${pick(uses)}, pack of ${1 + Math.floor(random() * 50)}`,
  }));
}

/** Straight into the running server's SQLite file (WAL: the server's connection sees it at once). */
function seedSqlite(server: TestServer, rows: readonly SeedProduct[]): void {
  const sqlite = new Database(path.join(server.dataDir, 'app.db'), { timeout: 5000 });
  try {
    // Stamped a day ago: a catalogue that is not being edited. (Rows stamped just now would come
    // back with every pull for the server's 15 s cursor overlap, and the bench would time sync.)
    const now = new Date(Date.now() - 86_400_000).toISOString();
    const insert = sqlite.prepare(
      `insert into products (id, department, name, description, price, quantity, imageId,
         location, condition, nutrients, version, deletedAt, createdAt, updatedAt)
       values (?, ?, ?, ?, ?, ?, null, null, null, null, 1, null, ?, ?)`,
    );
    sqlite.transaction(() => {
      rows.forEach((row, index) =>
        insert.run(
          row._id,
          dept,
          row.name,
          row.description,
          500 + (index % 97) * 250,
          index % 40,
          now,
          now,
        ),
      );
    })();
  } finally {
    sqlite.close();
  }
}

/** The order of the app's Dexie index [department+name]: code-unit order of the name, then _id. */
function indexOrder(a: SeedProduct, b: SeedProduct): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

interface Expected {
  query: string;
  count: number;
  cards: number;
  firstName: string | null;
}

function expectedFor(all: readonly SeedProduct[], query: string): Expected {
  const matches = filterBySearch(all, query, descriptor.searchFields);
  return {
    query,
    count: matches.length,
    cards: Math.min(matches.length, pageSize),
    firstName: matches[0]?.name ?? null,
  };
}

const sameState = (a: Expected, b: Expected) =>
  a.count === b.count && a.firstName === b.firstName && a.cards === b.cards;

/**
 * Runs before the app's scripts: records when each 300 ms timer (the search debounce) fires, and
 * when the first page of product cards appears after a navigation.
 */
export function initScript({ debounce }: { debounce: number }): void {
  const w = window as unknown as {
    __debounceFiredAt: number[];
    __firstPageAt: number | null;
  };
  w.__debounceFiredAt = [];
  w.__firstPageAt = null;
  const original = window.setTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    if (timeout === debounce && typeof handler === 'function') {
      const wrapped = (...callArgs: unknown[]) => {
        w.__debounceFiredAt.push(performance.now());
        (handler as (...a: unknown[]) => void)(...callArgs);
      };
      return original(wrapped, timeout, ...args);
    }
    return original(handler, timeout, ...args);
  }) as typeof window.setTimeout;
  const watch = new MutationObserver(() => {
    if (document.querySelector('ul li h2')) {
      w.__firstPageAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { childList: true, subtree: true });
}

/**
 * In the page: resolves with {matchedAt, firedAt} once the DOM shows `expected`, where firedAt is
 * the last debounce fire before the match. Started before the key is pressed.
 */
function armWatcher(expected: Expected & { emptyText: string; debounce: number }): void {
  const w = window as unknown as {
    __debounceFiredAt: number[];
    __result: Promise<{ matchedAt: number; firedAt: number | null }>;
  };
  const pressedAt = performance.now();
  const matches = () => {
    const cards = [...document.querySelectorAll('ul li h2')];
    if (expected.count === 0) {
      return cards.length === 0 && (document.body.textContent ?? '').includes(expected.emptyText);
    }
    if (cards.length !== expected.cards) return false;
    if (cards[0]?.textContent !== expected.firstName) return false;
    const wanted = `Products: ${expected.count}`;
    return [...document.querySelectorAll('[aria-live="polite"]')].some(
      (node) => node.textContent === wanted,
    );
  };
  w.__result = new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const fired = w.__debounceFiredAt.filter((at) => at >= pressedAt + expected.debounce - 5);
      if (fired.length === 0 || !matches()) return false;
      observer.disconnect();
      resolve({ matchedAt: now, firedAt: fired[fired.length - 1] ?? null });
      return true;
    };
    const observer = new MutationObserver(() => void check());
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[rank] as number) * 10) / 10;
}

/** Counts the department's products in the app's IndexedDB (not through the app). */
async function mirroredCount(page: Page): Promise<number> {
  return page.evaluate(
    (department) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tz-trading');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('products')) {
            database.close();
            resolve(0);
            return;
          }
          const request = database
            .transaction('products', 'readonly')
            .objectStore('products')
            .index('[department+sortName]')
            .count(IDBKeyRange.bound([department], [department, []]));
          request.onsuccess = () => {
            database.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error ?? new Error('count failed'));
        };
      }),
    dept,
  );
}

export interface SearchBenchSession {
  server: TestServer;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  products: SeedProduct[];
  close(): Promise<void>;
}

/** The real server with `productCount` hardware products and a hardware employee to sign in as. */
export interface SeededServer {
  server: TestServer;
  /** As the server lists them, in the Dexie index's order. */
  products: SeedProduct[];
  email: string;
  password: string;
}

/** Starts the server, seeds its SQLite file and creates the employee (dist/ built first). */
export async function startSeededServer(
  productCount: number,
  log: (line: string) => void,
  rebuild = false,
): Promise<SeededServer> {
  ensureBuilt(log, rebuild);
  const server = await startTestServer();
  try {
    const base = `${server.url}/api/v1`;
    const { token: adminToken } = await api<{ token: string }>(
      `${base}/users/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      },
      200,
    );
    const seeded = seedRows(productCount);
    seedSqlite(server, seeded);
    // The server's own list is the truth the mirror must match (and the search expectations use).
    const listed = await api<SeedProduct[]>(
      `${base}/${dept}/products`,
      { headers: { authorization: `Bearer ${adminToken}` } },
      200,
    );
    const products = listed
      .map(({ _id, name, description }) => ({ _id, name, description }))
      .sort(indexOrder);
    log(`Search bench: ${products.length} ${dept} products seeded`);

    const email = `search-bench-${Date.now()}@example.com`;
    const password = 'search-bench-123';
    await api(
      `${base}/users/signup`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, role: 'employee', category: dept }),
      },
      201,
    );
    return { server, products, email, password };
  } catch (error) {
    await server.dispose();
    throw error;
  }
}

/**
 * Signs the employee in on `page` (its context's baseURL is the server), waits for the service
 * worker, opens /hardware and waits until the first pull has mirrored every product.
 */
export async function signInAndMirror(
  page: Page,
  seeded: SeededServer,
  log: (line: string) => void,
): Promise<void> {
  const { email, password, products } = seeded;
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`/${dept}`);
  const syncStarted = performance.now();
  const deadline = Date.now() + 180_000;
  while ((await mirroredCount(page)) < products.length) {
    if (Date.now() > deadline) throw new Error('the first pull did not fill IndexedDB in 180 s');
    await sleep(200);
  }
  await page.getByRole('button', { name: /^Sync status: Synced / }).waitFor({ timeout: 60_000 });
  log(
    `  first pull mirrored ${products.length} products in ${Math.round(performance.now() - syncStarted)} ms`,
  );
}

/** Server, seed, browser, signed-in employee on /hardware with the mirror filled. */
export async function openSearchBenchSession(
  productCount: number,
  log: (line: string) => void,
  rebuild = false,
): Promise<SearchBenchSession> {
  const seeded = await startSeededServer(productCount, log, rebuild);
  const { server, products } = seeded;
  let profile: DiskProfile | null = null;
  const close = async () => {
    await profile?.close();
    await server.dispose();
  };
  try {
    profile = await launchOnDisk(server.url, 'search');
    const { context } = profile;
    await context.addInitScript(initScript, { debounce: debounceMs });
    const page = await firstPage(context);
    const cdp = await context.newCDPSession(page);
    await signInAndMirror(page, seeded, log);
    return { server, context, page, cdp, products, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function firstPageShown(page: Page, total: number): Promise<void> {
  await page.getByText(`Products: ${total}`, { exact: true }).waitFor({ timeout: 60_000 });
  await page.locator('ul li h2').first().waitFor({ timeout: 60_000 });
}

/**
 * Reloads /hardware at the given CPU slowdown, then types the query keys one at a time; the
 * debounce-to-DOM time of every key that changes the list. The first key is the first search since
 * the page loaded (whatever the page prepares for searching is cold then).
 */
async function timeKeystrokes(session: SearchBenchSession, rate: number): Promise<number[]> {
  const { page, cdp, products } = session;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.reload();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await firstPageShown(page, products.length);
  await sleep(1000);
  const search = page.getByLabel('Search products');
  await search.click();
  let query = '';
  let previous = expectedFor(products, query);
  const times: number[] = [];
  for (const chunk of typed) {
    for (const key of chunk) {
      query = key === '\b' ? query.slice(0, -1) : query + key;
      const expected = expectedFor(products, query);
      if (sameState(expected, previous)) {
        await page.keyboard.press(key === '\b' ? 'Backspace' : key);
        await sleep(debounceMs + 300);
        continue;
      }
      await page.evaluate(armWatcher, {
        ...expected,
        emptyText: emptySearchText,
        debounce: debounceMs,
      });
      await page.keyboard.press(key === '\b' ? 'Backspace' : key);
      const outcome = await page.evaluate(
        () =>
          (
            window as unknown as {
              __result: Promise<{ matchedAt: number; firedAt: number | null }>;
            }
          ).__result,
      );
      if (outcome.firedAt === null) throw new Error(`no debounce fire seen for '${query}'`);
      times.push(outcome.matchedAt - outcome.firedAt);
      previous = expected;
      await sleep(150);
    }
  }
  return times;
}

/** Reloads /hardware `times` times; navigation start → first page of cards in the DOM. */
async function timeWarmStarts(
  session: SearchBenchSession,
  times: number,
  rate: number,
): Promise<number[]> {
  const { page, cdp, products } = session;
  const results: number[] = [];
  // The slowdown stays on across reloads, so the whole start runs at it.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  for (let run = 0; run < times; run += 1) {
    await page.reload();
    await firstPageShown(page, products.length);
    const at = await page.evaluate(
      () => (window as unknown as { __firstPageAt: number | null }).__firstPageAt,
    );
    if (at === null) throw new Error('first page time not recorded');
    results.push(at);
    await sleep(500);
  }
  return results;
}

export async function runSearchBench(options: SearchBenchOptions = {}): Promise<SearchBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const reloads = options.reloads ?? 5;
  const session = await openSearchBenchSession(
    options.products ?? 10_000,
    log,
    options.rebuild ?? false,
  );
  try {
    const { cdp, products } = session;
    const fast = await timeKeystrokes(session, 1);
    log(`  per keystroke, full speed: ${fast.map((ms) => Math.round(ms)).join(' ')} ms`);
    const slow = await timeKeystrokes(session, 4);
    log(`  per keystroke, 4× CPU slowdown: ${slow.map((ms) => Math.round(ms)).join(' ')} ms`);

    const warmFast = await timeWarmStarts(session, reloads, 1);
    log(
      `  warm start to first page, full speed: ${warmFast.map((ms) => Math.round(ms)).join(' ')} ms`,
    );
    const warmSlow = await timeWarmStarts(session, reloads, 4);
    log(
      `  warm start to first page, 4× CPU slowdown: ${warmSlow.map((ms) => Math.round(ms)).join(' ')} ms`,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const result: SearchBenchResult = {
      products: products.length,
      keystrokes: fast.length,
      perKeystrokeP50Ms: percentile(fast, 50),
      perKeystrokeP95Ms: percentile(fast, 95),
      perKeystrokeMaxMs: percentile(fast, 100),
      firstKeystrokeMs: percentile(fast.slice(0, 1), 100),
      throttledP50Ms: percentile(slow, 50),
      throttledP95Ms: percentile(slow, 95),
      throttledMaxMs: percentile(slow, 100),
      throttledFirstKeystrokeMs: percentile(slow.slice(0, 1), 100),
      warmStarts: reloads,
      warmStartFirstPageP50Ms: percentile(warmFast, 50),
      throttledWarmStartFirstPageP50Ms: percentile(warmSlow, 50),
    };
    log(`  ${JSON.stringify(result)}`);
    return result;
  } finally {
    await session.close();
  }
}

if (import.meta.main) {
  const reloads = process.argv.indexOf('--reloads');
  const products = process.argv.indexOf('--products');
  await runSearchBench({
    rebuild: process.argv.includes('--rebuild'),
    ...(products > 0 ? { products: Number(process.argv[products + 1]) } : {}),
    ...(reloads > 0 ? { reloads: Number(process.argv[reloads + 1]) } : {}),
  });
}
