import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from './fixtures/api.ts';
import { createProduct, uniqueName, type ProductJson } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { printedReceipt } from './fixtures/printed-receipt.ts';
import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';

/**
 * A sale of several items made offline (issue 25 item 1, decision 0036): the clerk fills a basket
 * by searching and tapping, with the tablet offline; the basket survives a reload; the sale is
 * placed, pending in Orders with its lines marked; back online it is sent ONCE and the server holds
 * exactly its three orders under one sale id, whose final number the tablet then shows.
 */
const workDir = mkdtempSync(path.join(tmpdir(), 'sale-receipt-e2e-'));
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The clerk's tablet on the basket screen, synced while online, then offline. */
async function openBasketOffline(page: Page, goOffline: () => Promise<void>): Promise<void> {
  await waitForServiceWorker(page);
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await page
    .getByRole('navigation', { name: 'Hardware navigation' })
    .getByRole('link', { name: 'New sale', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'New sale', level: 1 })).toBeVisible();
  await goOffline();
  await expect(syncIndicator(page)).toHaveAccessibleName(/^Sync status: Offline/);
}

/** Adds a product to the basket by searching its name and tapping it. */
async function addToBasket(page: Page, product: ProductJson): Promise<void> {
  await page.getByLabel('Search products').fill(product.name);
  await page.getByRole('button', { name: `Add ${product.name} to the sale` }).click();
}

interface OrderWithSale {
  _id: string;
  productId: string;
  quantity: number;
  saleId: string | null;
  saleNumber: string | null;
}

test('a clerk sells three items offline; the sale syncs once and shows its final number', async ({
  page,
  context,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const seeded: ProductJson[] = [];
  for (const [base, price] of [
    ['Sale Hammer', 12_000],
    ['Sale Nails 3 inch galvanised steel, box of one kilogram', 300],
    ['Sale Paint', 25_000],
  ] as const) {
    seeded.push(
      await createProduct(server.url, adminToken, 'hardware', {
        name: uniqueName(base),
        description: 'For the sale spec',
        price,
        quantity: 10,
      }),
    );
  }
  const [hammer, nails, paint] = seeded;
  if (!hammer || !nails || !paint) throw new Error('products not seeded');
  const clerk = await createUser({ category: 'hardware' });
  await signIn(page, clerk.email, clerk.password);
  await openBasketOffline(page, () => context.setOffline(true));
  for (const product of [hammer, nails, nails, paint]) await addToBasket(page, product);
  await page.getByRole('spinbutton', { name: `Quantity of ${paint.name}` }).fill('3');
  await page.getByRole('spinbutton', { name: `Quantity of ${paint.name}` }).blur();
  const basket = page.getByRole('region', { name: 'Basket' });
  await expect(basket.getByRole('row')).toHaveCount(4);
  // 12,000 + 2 × 300 + 3 × 25,000
  await expect(page.getByTestId('basket-total')).toContainText('87,600');

  // The basket is in IndexedDB: a reload (served by the service worker, offline) keeps it.
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${nails.name}` })).toHaveValue(
    '2',
  );
  await expect(page.getByTestId('basket-total')).toContainText('87,600');
  // On an 800 px tablet every line's quantity and Remove are on screen, not pushed off the
  // right edge by a long name or the quantity's label (both happened before).
  await page.setViewportSize({ width: 800, height: 1280 });
  for (const remove of await basket.getByRole('button', { name: /^Remove / }).all()) {
    const box = await remove.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(800);
  }

  await page.getByRole('button', { name: 'Place sale' }).click();
  await expect(page).toHaveURL(/\/hardware\/sales\/[0-9a-f-]{36}$/);
  const saleId = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('sale-status')).toHaveText('Waiting to sync');
  await expect(page.getByTestId('sale-number')).toContainText('Provisional');
  await expect(syncIndicator(page)).toHaveAccessibleName(
    'Sync status: Offline · 1 waiting to sync',
  );
  // Its receipt, offline: provisional (marked), numbered from the sale's client id, all lines.
  const offlineNumber = `OFFLINE-${saleId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const provisional = await printedReceipt(
    page,
    page.getByRole('button', { name: 'Print receipt' }),
    workDir,
    'provisional',
  );
  expect(provisional).toContain(`receipt-${offlineNumber}.pdf`);
  expect(provisional).toContain('PROVISIONAL RECEIPT');
  // Every word of every line's name (a long name wraps onto a second line of the receipt).
  for (const product of seeded) {
    for (const word of product.name.split(' ')) expect(provisional).toContain(word);
  }
  expect(provisional).toContain('87,600');

  // Orders lists the three lines at once, each marked as part of a sale and waiting.
  await page
    .getByRole('navigation', { name: 'Hardware navigation' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  for (const product of seeded) {
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(row.getByText('Waiting to sync')).toBeVisible();
    await expect(row.getByTestId('order-sale')).toHaveText('Part of a sale');
  }

  // Back online: one write, applied once.
  await context.setOffline(false);
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  const saleNumber = /^SALE-HW-\d{6}$/;
  const hammerRow = page.getByRole('row').filter({ hasText: hammer.name });
  await expect(hammerRow.getByTestId('order-sale')).toHaveText(/^Sale SALE-HW-\d{6}$/);
  await hammerRow.getByTestId('order-sale').click();
  await expect(page).toHaveURL(new RegExp(`/hardware/sales/${saleId}$`));
  await expect(page.getByTestId('sale-number')).toHaveText(saleNumber);
  await expect(page.getByTestId('sale-status')).toHaveText('Confirmed');
  // Printed again after sync: the server's sale number, no longer provisional.
  const finalNumber = (await page.getByTestId('sale-number').textContent()) ?? '';
  const final = await printedReceipt(
    page,
    page.getByRole('button', { name: 'Print receipt' }),
    workDir,
    'final',
  );
  expect(final).toContain(`receipt-${finalNumber}.pdf`);
  expect(final).toContain(finalNumber);
  expect(final).not.toContain('PROVISIONAL');
  expect(final).not.toContain('OFFLINE-');

  const orders = await api<OrderWithSale[]>(server.url, adminToken, 'GET', 'hardware/orders');
  const ofSale = orders.filter((order) => order.saleId === saleId);
  expect(ofSale).toHaveLength(3);
  expect(new Set(ofSale.map((order) => order.saleNumber)).size).toBe(1);
  expect(
    ofSale
      .map((order) => [order.productId, order.quantity])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  ).toEqual(
    [
      [hammer._id, 1],
      [nails._id, 2],
      [paint._id, 3],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
  const products = await api<ProductJson[]>(server.url, adminToken, 'GET', 'hardware/products');
  const stock = new Map(products.map((product) => [product._id, product.quantity]));
  expect([stock.get(hammer._id), stock.get(nails._id), stock.get(paint._id)]).toEqual([9, 8, 7]);
});

test('a sale refused for one line names it; Retry with that line edited sells the rest once', async ({
  page,
  context,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const cement = await createProduct(server.url, adminToken, 'hardware', {
    name: uniqueName('Refused Cement'),
    description: 'For the refused sale',
    price: 18_000,
    quantity: 5,
  });
  const sand = await createProduct(server.url, adminToken, 'hardware', {
    name: uniqueName('Refused Sand'),
    description: 'For the refused sale',
    price: 2_000,
    quantity: 5,
  });
  const clerk = await createUser({ category: 'hardware' });
  await signIn(page, clerk.email, clerk.password);
  // Offline, the clerk sells 2 cement and 3 sand against the 5 of each the tablet knows.
  await openBasketOffline(page, () => context.setOffline(true));
  for (const product of [cement, sand]) await addToBasket(page, product);
  await page.getByRole('spinbutton', { name: `Quantity of ${cement.name}` }).fill('2');
  await page.getByRole('spinbutton', { name: `Quantity of ${sand.name}` }).fill('3');
  await page.getByRole('spinbutton', { name: `Quantity of ${sand.name}` }).blur();
  await page.getByRole('button', { name: 'Place sale' }).click();
  await expect(page).toHaveURL(/\/hardware\/sales\/[0-9a-f-]{36}$/);
  const saleId = page.url().split('/').pop() ?? '';

  // Meanwhile the counter sells 4 sand: the server has 1 left.
  await api(server.url, adminToken, 'POST', 'hardware/orders', {
    productId: sand._id,
    quantity: 4,
  });

  // Back online the whole sale is refused; the page names the line and the stock there is now.
  await context.setOffline(false);
  await expect(syncIndicator(page)).toHaveAccessibleName('Sync status: Needs attention · 1 failed');
  const refused = page
    .getByRole('region', { name: 'Refused — needs your decision' })
    .getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(`(${sand.name}):`);
  await expect(refused).toContainText('There is 1 in stock now.');
  await expect(refused.getByRole('button', { name: 'Discard' })).toBeVisible();
  // Nothing of the sale reached the server: no order, cement untouched.
  const before = await api<OrderWithSale[]>(server.url, adminToken, 'GET', 'hardware/orders');
  expect(before.filter((order) => order.saleId === saleId)).toEqual([]);

  // The clerk sells the 1 sand left: the refused line's quantity is edited, then Retry.
  await refused.getByRole('spinbutton', { name: 'Quantity to send' }).fill('1');
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await expect(page.getByTestId('sale-status')).toHaveText('Confirmed');

  const orders = await api<OrderWithSale[]>(server.url, adminToken, 'GET', 'hardware/orders');
  const ofSale = orders.filter((order) => order.saleId === saleId);
  expect(ofSale.map((order) => [order.productId, order.quantity]).sort()).toEqual(
    [
      [cement._id, 2],
      [sand._id, 1],
    ].sort(),
  );
  const products = await api<ProductJson[]>(server.url, adminToken, 'GET', 'hardware/products');
  const stock = new Map(products.map((product) => [product._id, product.quantity]));
  expect([stock.get(cement._id), stock.get(sand._id)]).toEqual([3, 0]);
});
