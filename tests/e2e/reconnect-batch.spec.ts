import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';

/**
 * The sync engine's reconnect and batching end to end (issue 8, decision 0006), against the real
 * server and the real service worker:
 * - the outage that really happens in a godown: the tablet's Wi-Fi stays up (the browser says
 *   online the whole time) while the server is unreachable; work queued then reaches the server
 *   within seconds of its return, without anyone touching the screen;
 * - a long queue drains in a handful of requests, each order applied exactly once.
 */
const png = readFileSync(path.resolve(import.meta.dirname, '../../public/icons/icon-192.png'));

interface ProductJson {
  _id: string;
  name: string;
  quantity: number;
}

async function createHardwareProduct(
  baseUrl: string,
  token: string,
  name: string,
  quantity: number,
): Promise<ProductJson> {
  const form = new FormData();
  form.set('name', name);
  form.set('description', `${name} for the reconnect test`);
  form.set('price', '5000');
  form.set('quantity', String(quantity));
  form.set('image', new Blob([png], { type: 'image/png' }), 'product.png');
  const response = await fetch(`${baseUrl}/api/v1/hardware/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`Create product failed: ${response.status}`);
  return (await response.json()) as ProductJson;
}

async function serverOrdersOf(baseUrl: string, token: string, productId: string) {
  const response = await fetch(`${baseUrl}/api/v1/hardware/orders`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET orders failed: ${response.status}`);
  const orders = (await response.json()) as { _id: string; productId: string }[];
  return orders.filter((order) => order.productId === productId);
}

async function serverStockOf(baseUrl: string, token: string, productId: string) {
  const response = await fetch(`${baseUrl}/api/v1/hardware/products/${productId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as ProductJson).quantity;
}

/** Opens the product page, with the product pulled into the mirror and the worker in control. */
async function openProduct(page: Page, product: ProductJson): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`/hardware/products/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
}

/** Places `count` orders of one unit from the product page (Enter submits the order form). */
async function placeOrders(page: Page, count: number, online: boolean): Promise<void> {
  const quantity = page.getByLabel('Quantity', { exact: true });
  // Online with the server down, the status turns to 'Server unreachable' once a send got no
  // answer, which may happen between two orders.
  const state = online ? '(Syncing|Server unreachable)' : 'Offline';
  for (let index = 1; index <= count; index += 1) {
    await quantity.fill('1');
    await quantity.press('Enter');
    await expect(syncIndicator(page)).toHaveAccessibleName(
      new RegExp(`^Sync status: ${state} · ${index} waiting to sync$`),
    );
  }
}

test.describe('reconnect and batched push', () => {
  test('orders queued while the server is down and the browser online arrive within 10 s of its return, with no click', async ({
    page,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    const product = await createHardwareProduct(
      server.url,
      adminToken,
      `Reconnect Nails ${Date.now()}`,
      50,
    );
    const employee = await createUser({ category: 'hardware' });
    await signIn(page, employee.email, employee.password);
    await openProduct(page, product);

    await server.stop();
    let running = false;
    try {
      // The browser still says online: the orders are queued and wait.
      await placeOrders(page, 3, true);
      // Long enough for the head to be tried, fail, and back off (the defect left it for minutes).
      await page.waitForTimeout(4_000);
      // The clerk is told the server does not answer (not a green 'Online').
      expect(await syncIndicator(page).getAttribute('aria-label')).toMatch(
        /^Sync status: Server unreachable · 3 waiting to sync/,
      );

      await server.start();
      running = true;
      // Nobody touches the screen. The probe notices the server and the queue goes.
      await expect
        .poll(async () => (await serverOrdersOf(server.url, adminToken, product._id)).length, {
          timeout: 10_000,
          intervals: [250],
        })
        .toBe(3);
      await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
      expect(await serverStockOf(server.url, adminToken, product._id)).toBe(47);
    } finally {
      if (!running) await server.start();
    }
  });

  test('100 orders queued offline drain in a handful of requests, each applied exactly once', async ({
    page,
    context,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    // Queueing 100 orders through the screen is most of it (about 30 s on an idle machine).
    test.setTimeout(300_000);
    const product = await createHardwareProduct(
      server.url,
      adminToken,
      `Batch Screws ${Date.now()}`,
      500,
    );
    const employee = await createUser({ category: 'hardware' });
    await signIn(page, employee.email, employee.password);
    await openProduct(page, product);

    await context.setOffline(true);
    await expect(syncIndicator(page)).toHaveAccessibleName(/^Sync status: Offline/);
    await placeOrders(page, 100, false);

    // Every write request the page or its service worker sends from here on.
    const writes: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname.startsWith('/api/v1/'))
        writes.push(url.pathname);
    });
    await context.setOffline(false);
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, {
      timeout: 30_000,
    });

    expect(await serverOrdersOf(server.url, adminToken, product._id)).toHaveLength(100);
    expect(await serverStockOf(server.url, adminToken, product._id)).toBe(400);
    // 100 orders, 50 per batch: two batch requests (a lost answer may add a replay, no more).
    expect(writes.filter((p) => p === '/api/v1/batch').length).toBeGreaterThanOrEqual(2);
    expect(writes.length).toBeLessThanOrEqual(4);
  });
});
