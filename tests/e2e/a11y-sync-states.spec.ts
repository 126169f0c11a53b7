import type { Page, Route } from '@playwright/test';
import { api } from './fixtures/api.ts';
import {
  auditBothLanguages,
  chooseLanguage,
  report,
  sizes,
  type Finding,
  type Size,
} from './fixtures/axe-audit.ts';
import { createProduct } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Accessibility in every sync state (issue 26 item 8): what the header, the toasts and the
 * screens add while the tablet is Offline, the server is unreachable, writes are Syncing, or a
 * refusal Needs attention (its notice on screen, the refused order on Orders) must pass axe too,
 * in both languages, on the tablet (800 px) and a phone (390 px). A hardware clerk's screens; the
 * phone takes those whose layout changes with the width. The synced state is a11y.spec.ts's.
 */
const screensBySize: Record<Size, (ids: { product: string; order: string }) => string[]> = {
  tablet: ({ product, order }) => [
    '/hardware',
    '/hardware/order-item',
    '/hardware/orders',
    '/hardware/low-stock',
    `/hardware/products/${product}`,
    `/hardware/orders/${order}`,
  ],
  phone: ({ product }) => ['/hardware', '/hardware/orders', `/hardware/products/${product}`],
};

async function placeOrder(page: Page, productId: string, quantity: number): Promise<void> {
  await page.goto(`/hardware/products/${productId}`);
  await chooseLanguage(page, 'en');
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Place Order' }).click();
}

for (const size of ['tablet', 'phone'] as const) {
  test(`staff screens pass axe while offline, unreachable, syncing and needing attention, on the ${size}`, async ({
    page,
    context,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(sizes[size].viewport);
    const product = await createProduct(server.url, adminToken, 'hardware', {
      name: `A11y sync ${size} ${Date.now().toString(36)}`,
      description: 'For the sync-state accessibility suite',
      price: 4_000,
      quantity: 9,
    });
    const order = await api<{ _id: string }>(server.url, adminToken, 'POST', 'hardware/orders', {
      productId: product._id,
      quantity: 1,
    });
    const clerk = await createUser({ category: 'hardware' });
    await signIn(page, clerk.email, clerk.password);
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
    await waitForServiceWorker(page);
    const screens = screensBySize[size]({ product: product._id, order: order._id });
    const findings: Finding[] = [];

    async function walk(state: string, status: RegExp): Promise<void> {
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
          timeout: 30_000,
        });
        await chooseLanguage(page, 'en');
        await expect(syncIndicator(page)).toHaveAccessibleName(status, { timeout: 20_000 });
        await auditBothLanguages(page, `${path} (${state})`, findings, sizes[size].full);
      }
    }

    // Needs attention: this tablet, offline, sells all 8; meanwhile another device sells 6.
    await context.setOffline(true);
    await placeOrder(page, product._id, 8);
    await api(server.url, adminToken, 'POST', 'hardware/orders', {
      productId: product._id,
      quantity: 6,
    });
    await context.setOffline(false);
    await expect(syncIndicator(page)).toHaveAccessibleName(/Needs attention · 1 failed/);
    await walk('needs attention', /Needs attention/);
    await page.goto('/hardware/orders');
    await chooseLanguage(page, 'en');
    await page
      .getByRole('region', { name: 'Refused — needs your decision' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);

    // Syncing: the server answers reads, but the write's answer is held back.
    const held: Route[] = [];
    await context.route('**/api/v1/**', async (route) => {
      if (route.request().method() === 'GET') await route.continue();
      else held.push(route);
    });
    await placeOrder(page, product._id, 1);
    await expect(syncIndicator(page)).toHaveAccessibleName(/^Sync status: Syncing/);
    await walk('syncing', /^Sync status: Syncing/);
    await context.unroute('**/api/v1/**');
    for (const route of held) await route.continue().catch(() => undefined);
    await page.reload();
    await chooseLanguage(page, 'en');
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 20_000 });

    // Server unreachable: the network is up, the server is not.
    await server.stop();
    try {
      await placeOrder(page, product._id, 1);
      await expect(syncIndicator(page)).toHaveAccessibleName(/Server unreachable/, {
        timeout: 20_000,
      });
      await walk('server unreachable', /Server unreachable/);
    } finally {
      await server.start();
    }
    await page.reload();
    await chooseLanguage(page, 'en');
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });

    // Offline: the browser itself says so.
    await context.setOffline(true);
    try {
      await walk('offline', /^Sync status: Offline/);
    } finally {
      await context.setOffline(false);
    }

    expect(findings, report(findings)).toEqual([]);
  });
}
