import { request as httpRequest } from 'node:http';
import { chromium, type Request } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/fixtures/chromium.ts';
import { startTestServer } from '../e2e/fixtures/server.ts';
import { ensureBuilt } from './search-bench.ts';

/**
 * What a first visit to /login costs a tablet on a slow link (issue 14, item 7: at most 200 kB
 * gzip). The built PWA is served by the real server (node server/main.ts, dist/ with its .gz/.br
 * siblings); Chromium opens /login in a fresh context (no cache, no service worker, no IndexedDB)
 * and we wait until the login form is shown and the page's network has been quiet for a second.
 *
 * - page: every response the page itself loaded by then (HTML, JS, CSS, fonts, images, manifest,
 *   API calls), with the encoded body bytes Chromium received (as the server sent them: brotli or
 *   gzip, whatever Chromium asked for) and, for each URL, its size fetched again with
 *   `Accept-Encoding: gzip` only: the figure the target is about;
 * - precache: what the service worker then downloads for offline use (its install), reported
 *   separately: it starts after the page's load event and is not needed to sign in.
 *
 * Run alone: `node --experimental-strip-types tests/bench/login-bytes-bench.ts [--rebuild]`.
 */
export interface FileBytes {
  /** Path without the content hash (e.g. /assets/index-*.js). */
  name: string;
  path: string;
  /** Encoded body bytes as received by Chromium. */
  encodedBytes: number;
  /** Body bytes with Accept-Encoding: gzip (the identity size for images and small files). */
  gzipBytes: number;
  encoding: string;
}

export interface ByteFigures {
  /** Files that came over the network. */
  files: number;
  encodedBytes: number;
  gzipBytes: number;
  /** Largest first (by gzip bytes). */
  byFile: FileBytes[];
  /** Files answered from the HTTP cache (Chromium reports no body size): not counted above. */
  fromHttpCache: number;
}

export interface LoginBytesResult {
  page: ByteFigures;
  precache: ByteFigures;
  /** Navigation start → the login form's submit button in the DOM (full speed, cold). */
  formShownMs: number;
}

const pageQuietMs = 1000;
const precacheQuietMs = 2000;

/** Response body size of `url` when only gzip is accepted (undici would decode: raw http). */
function gzipSizeOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const unhashed = (pathname: string) => pathname.replace(/-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)$/, '-*$1');

interface Seen {
  url: string;
  at: number;
  fromServiceWorker: boolean;
  encodedBytes: number;
  encoding: string;
}

async function figures(seen: readonly Seen[]): Promise<ByteFigures> {
  // A body size of -1: no network transfer (the service worker's precache takes the files the
  // page has just loaded from the HTTP cache).
  const fromNetwork = seen.filter((entry) => entry.encodedBytes >= 0);
  const byFile = await Promise.all(
    fromNetwork.map(async (entry): Promise<FileBytes> => {
      const url = new URL(entry.url);
      return {
        name: unhashed(url.pathname),
        path: url.pathname + url.search,
        encodedBytes: entry.encodedBytes,
        gzipBytes: url.protocol === 'data:' ? 0 : await gzipSizeOf(entry.url),
        encoding: entry.encoding,
      };
    }),
  );
  byFile.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: byFile.length,
    encodedBytes: byFile.reduce((sum, file) => sum + file.encodedBytes, 0),
    gzipBytes: byFile.reduce((sum, file) => sum + file.gzipBytes, 0),
    byFile,
    fromHttpCache: seen.length - fromNetwork.length,
  };
}

async function record(request: Request, into: Seen[]): Promise<void> {
  const response = await request.response();
  if (!response || request.url().startsWith('data:')) return;
  const sizes = await request.sizes();
  into.push({
    url: request.url(),
    at: Date.now(),
    fromServiceWorker: response.fromServiceWorker(),
    encodedBytes: sizes.responseBodySize,
    encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
  });
}

async function quiet(entries: () => readonly Seen[], quietMs: number, limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const last = entries().reduce((latest, entry) => Math.max(latest, entry.at), 0);
    if (Date.now() - last >= quietMs || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** One line per file, largest first. */
export function fileLines(figures: ByteFigures, count: number): string[] {
  return figures.byFile
    .slice(0, count)
    .map(
      (file) =>
        `    ${kB(file.gzipBytes).padStart(9)} gzip  ${kB(file.encodedBytes).padStart(9)} ${file.encoding.padEnd(8)} ${file.name}`,
    );
}

/** The bench summary's line. */
export function loginBytesSummary(result: LoginBytesResult): string {
  const top = result.page.byFile
    .slice(0, 5)
    .map((file) => `${file.name.replace(/^\/assets\//, '')} ${kB(file.gzipBytes)}`)
    .join(', ');
  return (
    `  First visit to /login: ${result.page.files} files, ${kB(result.page.gzipBytes)} gzip` +
    ` (${kB(result.page.encodedBytes)} as received) before the form is usable; largest: ${top};` +
    ` then the service worker downloads ${result.precache.files} more files for its precache,` +
    ` ${kB(result.precache.gzipBytes)} gzip (${result.precache.fromHttpCache} taken from the HTTP cache)`
  );
}

export async function runLoginBytesBench(
  options: { rebuild?: boolean; log?: (line: string) => void } = {},
): Promise<LoginBytesResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  ensureBuilt(log, options.rebuild ?? false);
  const server = await startTestServer();
  const browser = await chromium.launch({
    headless: true,
    args: chromiumArgs,
    ...(chromiumExecutable() ? { executablePath: chromiumExecutable() } : {}),
  });
  try {
    // A new context is a fresh profile: empty HTTP cache, no service worker, no IndexedDB.
    const context = await browser.newContext({ baseURL: server.url });
    const pageSeen: Seen[] = [];
    const workerSeen: Seen[] = [];
    const pending: Promise<void>[] = [];
    context.on('requestfinished', (request) => {
      // Requests the service worker makes itself (its precache) are not the page's.
      const target = request.serviceWorker() ? workerSeen : pageSeen;
      pending.push(record(request, target).catch(() => undefined));
    });
    const page = await context.newPage();
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('form button[type="submit"]').waitFor({ timeout: 60_000 });
    const formShownMs = await page.evaluate(() => performance.now());
    await quiet(() => pageSeen, pageQuietMs, 30_000);
    await Promise.all(pending);
    const pageFigures = await figures(pageSeen.filter((entry) => !entry.fromServiceWorker));
    const servedByWorker = pageSeen.filter((entry) => entry.fromServiceWorker).length;

    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await quiet(() => workerSeen, precacheQuietMs, 60_000);
    await Promise.all(pending);
    const precache = await figures(workerSeen);

    log(
      `Login bytes: /login shown after ${Math.round(formShownMs)} ms; the page loaded ${pageFigures.files} files,` +
        ` ${kB(pageFigures.gzipBytes)} gzip (${kB(pageFigures.encodedBytes)} as received)` +
        (servedByWorker > 0 ? `; ${servedByWorker} more answered by the service worker` : ''),
    );
    for (const line of fileLines(pageFigures, pageFigures.files)) log(line);
    log(
      `  service worker precache: ${precache.files} files downloaded, ${kB(precache.gzipBytes)} gzip` +
        ` (${kB(precache.encodedBytes)} as received), ${precache.fromHttpCache} from the HTTP cache; largest:`,
    );
    for (const line of fileLines(precache, 5)) log(line);
    return { page: pageFigures, precache, formShownMs };
  } finally {
    await browser.close();
    await server.dispose();
  }
}

if (import.meta.main) {
  const result = await runLoginBytesBench({ rebuild: process.argv.includes('--rebuild') });
  console.log('');
  console.log(loginBytesSummary(result));
}
