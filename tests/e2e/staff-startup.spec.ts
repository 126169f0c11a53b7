import { createProduct } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Staff start-up (issue 26 item 10): the department home does not load what it does not show.
 * Chakra comes after its list (decision 0045).
 * jspdf (receipts), the spreadsheet writers with fflate, the labels PDF (bwip-js) and the scanner
 * are chunks loaded at the click that needs them; the writers' chunk is precached, so the first
 * Export ever pressed works with the server gone.
 */

/** The chunks of the features loaded only when used (vite.config.ts names them). */
const onDemandChunk = /\/assets\/(receipt-pdf|pdf-extras|spreadsheet|zip|labels-pdf|scanner)-/;
const writerChunks = /\/assets\/(spreadsheet|zip)-/;

test('the department home loads no PDF, spreadsheet, labels or scanner code; Export loads it offline', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const stamp = Date.now();
  await createProduct(server.url, adminToken, 'hardware', {
    name: `Start-up hammer ${stamp}`,
    description: 'For the start-up check',
    price: 9_000,
    quantity: 12,
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));

  await signInAsNewAdmin(page);
  await page.goto('/hardware');
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });
  await page.getByLabel('Search products').fill(`Start-up hammer ${stamp}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `Start-up hammer ${stamp}` }),
  ).toBeVisible();
  await waitForServiceWorker(page);
  // Past the moment the home fetches the other department screens (department-home-screens.tsx).
  await page.waitForTimeout(2500);
  expect(requested.filter((path) => onDemandChunk.test(path))).toEqual([]);

  // The manage page shows Export and Labels; opening it still loads neither's code.
  await page.goto('/hardware/admin/manage');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  expect(requested.filter((path) => onDemandChunk.test(path))).toEqual([]);

  // The first Export ever pressed, with the server gone: the writers come from the precache.
  await server.stop();
  try {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^hardware-products-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(requested.filter((path) => /\/assets\/spreadsheet-/.test(path))).toHaveLength(1);
    // Still nothing of the PDF, labels or scanner code.
    expect(
      requested.filter((path) => onDemandChunk.test(path) && !writerChunks.test(path)),
    ).toEqual([]);
  } finally {
    await server.start();
  }
});

test('a warm start shows the list before the sync engine and Chakra load', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  await createProduct(server.url, adminToken, 'hardware', {
    name: `Start-up saw ${Date.now()}`,
    description: 'For the start-up order check',
    price: 7_000,
    quantity: 4,
  });
  // The moment the first product card is in the document, on every load of the page.
  await page.addInitScript(() => {
    const start = window as unknown as { __firstCardAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.product-card')) return;
      start.__firstCardAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const clerk = await createUser({ category: 'hardware' });
  await signIn(page, clerk.email, clerk.password);
  await page.goto('/hardware');
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });
  await waitForServiceWorker(page);

  await page.reload();
  await expect(page.locator('.product-card').first()).toBeVisible();
  // The engine's chunk (src/sync/sync-engine.ts) and its first request to the API.
  const engineStartedAt = () =>
    page.evaluate(() => {
      const started = performance.getEntriesByType('resource').filter((entry) => {
        const path = new URL(entry.name).pathname;
        return path.startsWith('/api/') || /^\/assets\/sync-engine-[\w-]+\.js$/.test(path);
      });
      return started.length === 0 ? null : Math.min(...started.map((entry) => entry.startTime));
    });
  await expect.poll(engineStartedAt).not.toBeNull();
  const firstCardAt = await page.evaluate(
    () => (window as unknown as { __firstCardAt?: number }).__firstCardAt ?? null,
  );
  expect(firstCardAt).not.toBeNull();
  expect(await engineStartedAt()).toBeGreaterThan(firstCardAt ?? Infinity);
  // Chakra's chunk too (decision 0045): the home renders without it, the sync status with it.
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  const chakraRequestedAt = await page.evaluate(() => {
    const chakra = performance
      .getEntriesByType('resource')
      .filter((entry) => /^\/assets\/chakra-root-[\w-]+\.js$/.test(new URL(entry.name).pathname));
    return chakra.length === 0 ? null : Math.min(...chakra.map((entry) => entry.startTime));
  });
  expect(chakraRequestedAt).not.toBeNull();
  expect(chakraRequestedAt).toBeGreaterThan(firstCardAt ?? Infinity);
});
