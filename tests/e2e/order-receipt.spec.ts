import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createProduct, serverOrdersOf, uniqueName } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { printedReceipt } from './fixtures/printed-receipt.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The receipt of a single-product order (issue 25 item 2), against the real server and service
 * worker: a hardware clerk places an order while the server is down, prints its provisional
 * receipt (OFFLINE- number, marked) with no server at all, and once the order has synced prints
 * it again with the server's ORD- number, from the details page and from the orders list.
 */
const workDir = mkdtempSync(path.join(tmpdir(), 'order-receipt-e2e-'));
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** jspdf and the receipt drawing (vite.config.ts names both chunks receipt-pdf). */
const receiptChunk = /\/assets\/receipt-pdf-/;

/** Clicks `button`, saves the PDF it downloads and returns its text as a reader sees it. */
function printed(page: Page, button: Locator, name: string): Promise<string> {
  return printedReceipt(page, button, workDir, name);
}

function pageWidthMm(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const match = /Page size:\s+([\d.]+) x/.exec(info);
  return Math.round((Number(match?.[1] ?? 0) * 25.4) / 72);
}

test('an order placed offline prints a provisional receipt; after sync it prints the ORD- number', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const name = uniqueName('Receipt hammer');
  const product = await createProduct(server.url, adminToken, 'hardware', {
    name,
    description: 'For the order receipt',
    price: 12_500,
    quantity: 20,
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const receiptRequests = () => requested.filter((pathname) => receiptChunk.test(pathname));

  const clerk = await createUser({ category: 'hardware' });
  await signIn(page, clerk.email, clerk.password);
  await expect(page).toHaveURL(/\/hardware$/);
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });
  await waitForServiceWorker(page);
  await page.getByLabel('Search products').fill(name);
  await page.getByRole('link', { name: `View details: ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The home and the product page carry no PDF code: it loads at the first print.
  expect(receiptRequests()).toEqual([]);

  await server.stop();
  const orderId = await (async () => {
    try {
      await page.getByLabel('Quantity', { exact: true }).fill('3');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByText('Order placed successfully!').last()).toBeVisible();
      await expect(syncIndicator(page)).toHaveAccessibleName(/1 waiting to sync/);

      await page
        .getByRole('navigation', { name: 'Hardware navigation' })
        .getByRole('link', { name: 'Orders', exact: true })
        .click();
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('Waiting to sync');
      await row.getByRole('link', { name: `Details of the order for ${name}` }).click();
      await expect(page.getByRole('heading', { name: 'Order Details', level: 1 })).toBeVisible();
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';
      const offline = `OFFLINE-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

      // The receipt is drawn with no server: jspdf comes from the precache.
      const text = await printed(
        page,
        page.getByRole('button', { name: 'Print receipt' }),
        'provisional',
      );
      expect(text).toContain(`receipt-${offline}.pdf`);
      expect(text).toContain('PROVISIONAL RECEIPT');
      expect(text).toContain('Not yet confirmed by the server');
      expect(text).toContain(offline);
      expect(text).toContain('Hardware');
      expect(text).toContain(name);
      expect(text).toMatch(/\b3 Tsh 12,500 Tsh 37,500/);
      expect(text).toMatch(/Total:? Tsh 37,500/);
      expect(receiptRequests().length).toBeGreaterThan(0);
      return id;
    } finally {
      await server.start();
    }
  })();

  // Nobody touches the screen: the order reaches the server once, under its client id.
  await expect
    .poll(
      async () => (await serverOrdersOf(server.url, adminToken, 'hardware', product._id)).length,
      {
        timeout: 15_000,
        intervals: [250],
      },
    )
    .toBe(1);
  const [stored] = await serverOrdersOf(server.url, adminToken, 'hardware', product._id);
  expect(stored?._id).toBe(orderId);
  expect(stored?.orderId).toMatch(/^ORD-HW-\d{6}$/);
  const number = stored?.orderId ?? '';
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await expect(page.getByText(number)).toBeVisible();

  // Printing again gives the final receipt; this time on the 80 mm roll, which is remembered.
  await page.getByLabel('Paper').selectOption('roll80');
  const final = await printed(page, page.getByRole('button', { name: 'Print receipt' }), 'final');
  expect(final).toContain(`receipt-${number}.pdf`);
  expect(final).toContain(number);
  expect(final).toContain('RECEIPT');
  expect(final).not.toContain('PROVISIONAL');
  expect(final).not.toContain('OFFLINE-');
  expect(final).toMatch(/Total:? Tsh 37,500/);
  expect(pageWidthMm(path.join(workDir, 'final.pdf'))).toBe(80);

  // The orders list prints the same receipt from the row, on the paper chosen last.
  await page.getByRole('link', { name: /Back to Orders/ }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  const fromRow = await printed(
    page,
    row.getByRole('button', { name: `Print the receipt of ${name}` }),
    'from-row',
  );
  expect(fromRow).toContain(number);
  expect(fromRow).not.toContain('PROVISIONAL');
  expect(pageWidthMm(path.join(workDir, 'from-row.pdf'))).toBe(80);
  expect(await serverOrdersOf(server.url, adminToken, 'hardware', product._id)).toHaveLength(1);
});
