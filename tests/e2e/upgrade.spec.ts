import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createProduct, serverOrdersOf } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * An upgrade of the server while a tablet holds work it queued offline (issue 23, README
 * "Upgrades"): the server stops, a new release is put in place (here: the built service worker
 * changes, which is what every release does), the server starts again. The tablet is told a new
 * version is available, takes it, and the orders it queued before are sent once afterwards.
 */
const serviceWorkerFile = path.resolve(import.meta.dirname, '../../dist/sw.js');

test('orders queued before an upgrade are sent once after the tablet takes the new version', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const released = readFileSync(serviceWorkerFile);
  const product = await createProduct(server.url, adminToken, 'hardware', {
    name: `Upgrade nails ${Date.now()}`,
    description: 'Ordered across an upgrade',
    price: 3000,
    quantity: 30,
  });
  const employee = await createUser({ category: 'hardware' });
  await signIn(page, employee.email, employee.password);
  await waitForServiceWorker(page);
  await page.goto(`/hardware/products/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  // API requests bypass the worker (sw/routes.ts staticRouterRules): the sync engine's pull
  // reaching the outgoing worker while the new one activated parked the update for minutes here.
  const routedBy = await page.evaluate(async () => {
    const url = new URL(`/api/v1/hardware/products?limit=1&probe=${Date.now()}`, location.href);
    // The app's chunks may have filled the resource timing buffer (250 entries).
    performance.clearResourceTimings();
    // The entry is added once the body has been read.
    await (await fetch(url)).text();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const [entry] = performance.getEntriesByName(url.href);
      if (entry)
        return (entry as PerformanceEntry & { workerMatchedSourceType?: string })
          .workerMatchedSourceType;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 'no resource timing entry';
  });
  expect(routedBy).toBe('network');

  // The server goes down for the upgrade; the tablet keeps taking orders.
  await server.stop();
  const quantity = page.getByLabel('Quantity', { exact: true });
  for (let index = 1; index <= 2; index += 1) {
    await quantity.fill('1');
    await quantity.press('Enter');
    await expect(syncIndicator(page)).toHaveAccessibleName(
      new RegExp(`^Sync status: (Syncing|Server unreachable) · ${index} waiting to sync$`),
    );
  }

  try {
    // The new release: a different service worker (every build changes it).
    writeFileSync(
      serviceWorkerFile,
      Buffer.concat([released, Buffer.from(`\n// release ${Date.now()}\n`)]),
    );
    await server.start();
    // The tablet finds the new version (a navigation checks /sw.js) and offers it.
    await page.reload();
    await expect(page.getByText(/A new version is available|Toleo jipya linapatikana/)).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    // Reload makes the app navigate once the new worker takes over; a reload of our own before
    // that navigation ends would be aborted by it (a CI run: net::ERR_ABORTED).
    const appReload = page.waitForEvent('framenavigated', {
      predicate: (frame) => frame === page.mainFrame(),
    });
    await page.getByRole('button', { name: /^(Reload|Pakia upya)$/ }).click();
    await appReload;
    await page.waitForLoadState('load');
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting === null && registration.active !== null;
    });
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 20_000 });
    const orders = await serverOrdersOf(server.url, adminToken, 'hardware', product._id);
    expect(orders).toHaveLength(2);
    // Still once after another reload and another round.
    await page.reload();
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
    expect(await serverOrdersOf(server.url, adminToken, 'hardware', product._id)).toHaveLength(2);
  } finally {
    writeFileSync(serviceWorkerFile, released);
  }
});
