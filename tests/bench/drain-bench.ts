import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword, startTestServer } from '../e2e/fixtures/server.ts';
import { firstPage, launchOnDisk, type DiskProfile } from './disk-profile.ts';
import { startLatencyProxy } from './latency-proxy.ts';

/**
 * Outbox drain benchmark: the built PWA in Chromium against the real server (node server/main.ts
 * on SQLite). A hardware employee signs in, the tablet goes offline, 200 orders of one unit are
 * placed through the product page's order form (each a real outbox entry written by the app's
 * command), then the tablet goes online and we time how long the app's own sync engine takes to
 * empty the outbox (IndexedDB 'tz-trading', table 'outbox', polled every 50 ms). The server must
 * end with exactly 200 new orders and the stock down by exactly 200.
 */
export interface DrainBenchResult {
  orders: number;
  /** Round-trip time the browser's link had (0: straight to the server). */
  rttMs: number;
  /** HTTP requests the drain used (batches, single writes, the pulls after them). */
  requests: number;
  /** Of those, the write requests (POST /batch and single POSTs). */
  writeRequests: number;
  /** Time to place the orders through the UI while offline. */
  queueMs: number;
  /** From going online until the outbox is empty. */
  drainMs: number;
  ordersPerSecond: number;
  serverOrders: number;
  stockBefore: number;
  stockAfter: number;
}

export interface DrainBenchOptions {
  orders?: number;
  /** Round-trip time of the simulated link between the browser and the server. */
  rttMs?: number;
  log?: (line: string) => void;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

function ensureBuilt(log: (line: string) => void): void {
  if (existsSync(path.join(repoRoot, 'dist', 'index.html'))) return;
  log('dist/ is missing: building the PWA (vite build)…');
  execFileSync('npx', ['vite', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

async function api<T>(url: string, init: RequestInit, expected: number): Promise<T> {
  const response = await fetch(url, init);
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Counts the app's outbox entries straight from IndexedDB (not through the app). */
async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tz-trading');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const database = open.result;
          const request = database.transaction('outbox', 'readonly').objectStore('outbox').count();
          request.onsuccess = () => {
            database.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error ?? new Error('count failed'));
        };
      }),
  );
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export async function runDrainBench(options: DrainBenchOptions = {}): Promise<DrainBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const orderCount = options.orders ?? 200;
  const rttMs = options.rttMs ?? 0;
  ensureBuilt(log);
  const server = await startTestServer();
  let profile: DiskProfile | null = null;
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
    const admin = { authorization: `Bearer ${adminToken}` };

    const stockBefore = orderCount + 300;
    const form = new FormData();
    form.set('name', 'Drain bench nails');
    form.set('description', 'Seeded for the outbox drain benchmark');
    form.set('price', '500');
    form.set('quantity', String(stockBefore));
    const png = readFileSync(path.join(repoRoot, 'public/icons/icon-192.png'));
    form.set('image', new Blob([png], { type: 'image/png' }), 'nails.png');
    const product = await api<{ _id: string; name: string }>(
      `${base}/hardware/products`,
      { method: 'POST', headers: admin, body: form },
      201,
    );

    const email = `drain-bench-${Date.now()}@example.com`;
    const password = 'drain-bench-123';
    await api(
      `${base}/users/signup`,
      {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, role: 'employee', category: 'hardware' }),
      },
      201,
    );

    // The browser reaches the server through a loopback proxy that adds the link's latency.
    const proxy = await startLatencyProxy(server.port, rttMs);
    profile = await launchOnDisk(proxy.url, 'drain');
    const { context } = profile;
    const page = await firstPage(context);
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill(password);
    await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The product is in the mirror once its page renders it.
    await page.goto(`/hardware/products/${product._id}`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    const indicator = page.getByRole('button', { name: /^Sync status:/ });
    await page.getByRole('button', { name: /^Sync status: Synced / }).waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await page.getByRole('button', { name: /^Sync status: Offline/ }).waitFor();
    const quantity = page.getByLabel('Quantity', { exact: true });
    const queueStarted = performance.now();
    for (let index = 1; index <= orderCount; index += 1) {
      // Enter submits the order form (the stacked success toasts cover the button after a few).
      await quantity.fill('1');
      await quantity.press('Enter');
      // The command has written the order and its entry once the indicator counts it.
      await page
        .getByRole('button', {
          name: `Sync status: Offline · ${index} waiting to sync`,
          exact: true,
        })
        .waitFor();
    }
    const queueMs = performance.now() - queueStarted;
    const queued = await outboxCount(page);
    if (queued !== orderCount) throw new Error(`expected ${orderCount} queued, found ${queued}`);
    log(
      `Drain bench: ${orderCount} orders queued offline through the UI in ${Math.round(queueMs)} ms`,
    );

    // Back online: the app's 'online' trigger starts the drain.
    const requestsBefore = proxy.requests.length;
    const drainStarted = performance.now();
    await context.setOffline(false);
    let remaining = queued;
    const deadline = Date.now() + 120_000;
    while (remaining > 0) {
      if (Date.now() > deadline) throw new Error(`outbox not drained: ${remaining} left`);
      await sleep(50);
      remaining = await outboxCount(page);
    }
    const drainMs = performance.now() - drainStarted;
    const drainRequests = proxy.requests.slice(requestsBefore);
    const writeRequests = drainRequests.filter((line) => line.startsWith('POST /api/v1/')).length;
    await indicator.waitFor();
    await proxy.close();

    const orders = await api<{ productId: string }[]>(
      `${base}/hardware/orders`,
      { headers: admin },
      200,
    );
    const serverOrders = orders.filter((order) => order.productId === product._id).length;
    const products = await api<{ _id: string; quantity: number }[]>(
      `${base}/hardware/products`,
      { headers: admin },
      200,
    );
    const stockAfter = products.find((row) => row._id === product._id)?.quantity ?? -1;
    if (serverOrders !== orderCount || stockAfter !== stockBefore - orderCount) {
      throw new Error(
        `server has ${serverOrders} orders (expected ${orderCount}) and stock ${stockAfter} (expected ${stockBefore - orderCount})`,
      );
    }
    const ordersPerSecond = Math.round((orderCount / drainMs) * 1000 * 10) / 10;
    log(
      `  drained ${orderCount} queued orders at ${rttMs} ms RTT in ${Math.round(drainMs)} ms (${ordersPerSecond} orders/s) with ${writeRequests} write requests (${drainRequests.length} in all); server: ${serverOrders} orders, stock ${stockBefore} → ${stockAfter}`,
    );
    await context.close();
    return {
      orders: orderCount,
      rttMs,
      requests: drainRequests.length,
      writeRequests,
      queueMs: Math.round(queueMs),
      drainMs: Math.round(drainMs),
      ordersPerSecond,
      serverOrders,
      stockBefore,
      stockAfter,
    };
  } finally {
    await profile?.close();
    await server.dispose();
  }
}

if (import.meta.main) {
  await runDrainBench();
}
