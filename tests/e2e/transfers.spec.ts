import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { expect, test } from './fixtures/test.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';

/**
 * Stock transfers offline (issue 11) against the real server and service worker: an admin makes
 * three transfers while the server is down and the browser still says online (the godown's Wi-Fi
 * stays up), sees the stock move at both locations at once, reloads, and when the server returns
 * exactly three movement logs reach it, with the right quantities at every location.
 */
interface GodownProduct {
  _id: string;
  name: string;
  quantity: number;
  location?: string | null;
}

interface MovementLog {
  productName: string;
  transferQuantity: number;
  destination: string;
}

async function createGodownProduct(
  baseUrl: string,
  token: string,
  product: { name: string; quantity: number; location: string },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/godown/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...product, price: 45_000, description: '25 kg bags' }),
  });
  if (!response.ok)
    throw new Error(`Create product failed: ${response.status} ${await response.text()}`);
}

async function serverGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/godown/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${path} failed: ${response.status}`);
  return (await response.json()) as T;
}

/** location (lower-cased) → quantity of the live rows named `name`. */
async function serverStock(baseUrl: string, token: string, name: string) {
  const products = await serverGet<GodownProduct[]>(baseUrl, token, 'products');
  return Object.fromEntries(
    products
      .filter((product) => product.name === name)
      .map((product) => [(product.location ?? '').toLowerCase(), product.quantity]),
  );
}

function inventoryRow(page: Page, location: string) {
  return page.getByTestId('inventory-row').filter({ hasText: location });
}

async function expectQuantity(page: Page, location: string, quantity: number): Promise<void> {
  await expect(inventoryRow(page, location).getByTestId('inventory-quantity')).toHaveText(
    String(quantity),
  );
}

async function transfer(
  page: Page,
  destination: string,
  quantity: number,
  reason: string,
  name: string,
): Promise<void> {
  // The list is back unfiltered after each transfer; other specs' godown products also sit in
  // 'Main Store', so find this product's row by searching for it every time.
  await page.getByLabel('Search products').fill(name);
  await inventoryRow(page, 'Main Store')
    .getByRole('link', { name: /^Move / })
    .click();
  await expect(page.getByLabel('Origin')).toHaveValue('Main Store');
  await page.getByLabel('Destination').fill(destination);
  await page.getByLabel('Transfer quantity').fill(String(quantity));
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Transfer successful!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/godown\/admin\/move$/);
}

test.describe('stock transfers offline', () => {
  test('three transfers made with the server down move the stock at once and reach the server exactly once after a reload', async ({
    page,
    server,
    adminToken,
    signInAsNewAdmin,
  }) => {
    const name = `Transfer Rice ${Date.now()}`;
    await createGodownProduct(server.url, adminToken, {
      name,
      quantity: 40,
      location: 'Main Store',
    });
    await createGodownProduct(server.url, adminToken, { name, quantity: 5, location: 'Deck A' });

    await signInAsNewAdmin(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/godown/admin/move');
    await page.getByLabel('Search products').fill(name);
    await expectQuantity(page, 'Main Store', 40);
    await expectQuantity(page, 'Deck A', 5);
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
    // Every transfer screen's code is in the browser before the server goes away.
    await page.goto('/godown/admin/movement-logs');
    await expect(page.getByRole('heading', { name: 'Movement logs', level: 1 })).toBeVisible();
    // Full navigations below are answered by the service worker only once it controls the page.
    await waitForServiceWorker(page);

    await server.stop();
    let running = false;
    try {
      await page.goto('/godown/admin/move');
      await page.getByLabel('Search products').fill(name);
      await transfer(page, 'Deck A', 10, 'Loading the lorry', name);
      await transfer(page, 'Yard', 5, 'Overflow', name);
      // The same destination in other letters: the same row.
      await transfer(page, 'deck a', 3, 'Top-up', name);

      // The stock moved at once at both locations, and every changed row is marked.
      await page.getByLabel('Search products').fill(name);
      await expectQuantity(page, 'Main Store', 22);
      await expectQuantity(page, 'Deck A', 18);
      await expectQuantity(page, 'Yard', 5);
      for (const location of ['Main Store', 'Deck A', 'Yard']) {
        await expect(inventoryRow(page, location).getByText('Waiting to sync')).toBeVisible();
      }
      await expect(syncIndicator(page)).toHaveAccessibleName(
        /^Sync status: (Syncing|Server unreachable) · 3 waiting to sync$/,
      );

      // A reload keeps all of it (the mirror and the outbox are on the device).
      await page.reload();
      await page.getByLabel('Search products').fill(name);
      await expectQuantity(page, 'Main Store', 22);
      await expectQuantity(page, 'Yard', 5);
      expect(await serverGet<unknown[]>(server.url, adminToken, 'products').catch(() => null)).toBe(
        null,
      );

      await server.start();
      running = true;
      // Nobody touches the screen: the queue goes when the server answers.
      await expect
        .poll(
          async () =>
            (await serverGet<MovementLog[]>(server.url, adminToken, 'movement-logs')).filter(
              (log) => log.productName === name,
            ).length,
          { timeout: 20_000, intervals: [250] },
        )
        .toBe(3);
      await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, {
        timeout: 20_000,
      });
    } finally {
      if (!running) await server.start();
    }

    const logs = (await serverGet<MovementLog[]>(server.url, adminToken, 'movement-logs')).filter(
      (log) => log.productName === name,
    );
    expect(logs.map((log) => log.transferQuantity).sort((a, b) => a - b)).toEqual([3, 5, 10]);
    expect(await serverStock(server.url, adminToken, name)).toEqual({
      'main store': 22,
      'deck a': 18,
      yard: 5,
    });

    // The screens agree with the server, and nothing is pending any more.
    await expectQuantity(page, 'Main Store', 22);
    await expectQuantity(page, 'Deck A', 18);
    await expectQuantity(page, 'Yard', 5);
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
    await page.goto('/godown/admin/movement-logs');
    await page.getByLabel('Search movement logs').fill(name);
    const rows = page.getByTestId('movement-log-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.getByText('Waiting to sync')).toHaveCount(0);
    // Newest first: the last transfer (into the deck) leads, labelled as well as coloured.
    await expect(rows.first()).toContainText('Top-up');
    await expect(rows.first()).toContainText('Into deck');
    await expect(rows.filter({ hasText: 'Yard' })).toContainText('Between locations');
  });

  test('a transfer the server refuses because the stock moved meanwhile is rolled back and shown as failed with the reason', async ({
    page,
    context,
    server,
    adminToken,
    signInAsNewAdmin,
  }) => {
    const name = `Refused Sugar ${Date.now()}`;
    await createGodownProduct(server.url, adminToken, {
      name,
      quantity: 10,
      location: 'Main Store',
    });
    await signInAsNewAdmin(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/godown/admin/movement-logs');
    await expect(page.getByRole('heading', { name: 'Movement logs', level: 1 })).toBeVisible();
    await page.goto('/godown/admin/move');
    await page.getByLabel('Search products').fill(name);
    await expectQuantity(page, 'Main Store', 10);
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);

    await context.setOffline(true);
    await transfer(page, 'Deck B', 8, 'Before the stock moved', name);
    await page.getByLabel('Search products').fill(name);
    await expectQuantity(page, 'Main Store', 2);
    await expectQuantity(page, 'Deck B', 8);

    // Meanwhile another tablet moves 5 of the 10 away on the server.
    const products = await serverGet<GodownProduct[]>(server.url, adminToken, 'products');
    const source = products.find((product) => product.name === name);
    const moved = await fetch(`${server.url}/api/v1/godown/inventory-movement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        productId: source?._id,
        transferQuantity: 5,
        origin: 'Main Store',
        destination: 'Yard',
        reason: 'Another tablet',
      }),
    });
    expect(moved.status).toBe(201);

    await context.setOffline(false);
    // Refused: the optimistic change is undone and the server's stock shown.
    await expectQuantity(page, 'Main Store', 5);
    await expectQuantity(page, 'Yard', 5);
    await expect(inventoryRow(page, 'Deck B')).toHaveCount(0);
    expect(await serverStock(server.url, adminToken, name)).toEqual({
      'main store': 5,
      yard: 5,
    });

    // Where transfers are made and on their logs, the refused one stays, with Retry and Discard.
    const failed = page.getByRole('region', { name: 'Refused — needs your decision' });
    await expect(failed.getByRole('listitem')).toHaveCount(1);
    await expect(failed).toContainText(`Move 8 × ${name} to Deck B`);
    await page.goto('/godown/admin/movement-logs');
    await expect(failed.getByRole('listitem')).toHaveCount(1);
    await expect(failed).toContainText(`Move 8 × ${name} to Deck B`);
    await expect(failed).toContainText('Transfer quantity exceeds available stock.');
    // What is left at the origin now, for the clerk to retry with.
    await expect(failed).toContainText('There are 5 in stock now.');
    await page.getByLabel('Search movement logs').fill(name);
    const rows = page.getByTestId('movement-log-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Another tablet');
    await failed.getByRole('button', { name: 'Discard' }).click();
    await expect(failed).toHaveCount(0);
  });
});
