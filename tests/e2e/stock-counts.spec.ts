import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { expect, test } from './fixtures/test.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { api } from './fixtures/api.ts';

/**
 * A stock count made offline and applied by an admin (issue 15 item 2), against the real server
 * and service worker: a godown employee starts a count, a sale is made meanwhile, the server
 * goes away (the Wi-Fi still says online), the employee counts by typing and by a keyboard-wedge
 * scan, reloads mid-count, submits; when the server returns the submission arrives once, and an
 * admin sees the differences (the sale is not one) and applies them.
 */
interface ServerProduct {
  _id: string;
  name: string;
  quantity: number;
}

interface ServerCount {
  _id: string;
  status: string;
  lines: { productId: string; counted: number | null; variance: number | null }[];
}

test('a count made offline reaches the server once and an admin applies its differences', async ({
  page,
  browser,
  server,
  adminToken,
  createUser,
  signIn,
  signInAsNewAdmin,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const location = `Count Deck ${stamp}`;
  const make = (name: string, quantity: number, barcode?: string) =>
    api<ServerProduct & { barcode?: string }>(server.url, adminToken, 'POST', 'godown/products', {
      name: `${name} ${stamp}`,
      quantity,
      price: 10_000,
      description: 'Counted in the e2e spec',
      location,
      ...(barcode ? { barcode } : {}),
    });
  const cement = await make('Cement', 20);
  const nails = await make('Nails', 8, `CNT${stamp}`);
  const rope = await make('Rope', 2);

  const clerk = await createUser({ category: 'godown' });
  await signIn(page, clerk.email, clerk.password);
  await page.goto('/godown/counts');
  await expect(page.getByRole('heading', { name: 'Stock counts', level: 1 })).toBeVisible();
  await page.getByLabel('Location').selectOption(location);
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page).toHaveURL(/\/godown\/counts\/[0-9a-f-]{36}$/);
  const countId = page.url().split('/').pop() ?? '';
  // Counting opens once the server has taken the snapshot.
  const cementField = page.getByLabel(`Counted quantity of ${cement.name}`);
  await expect(cementField).toBeVisible({ timeout: 20_000 });
  // Blind: nothing on the sheet says how many there should be.
  const sheet = page.getByRole('list', { name: 'Products to count' });
  await expect(sheet).toContainText(cement.name);
  await expect(sheet).not.toContainText(/\b(20|8|2)\b/);
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);

  // A sale during the count: 2 bags leave before the shelf is counted.
  await api(server.url, adminToken, 'POST', 'godown/orders', {
    productId: cement._id,
    quantity: 2,
  });

  await waitForServiceWorker(page);
  await server.stop();
  let running = false;
  try {
    await cementField.fill('18');
    await expect(page.getByText('Counted: 18')).toBeVisible();
    // A keyboard-wedge scanner types the code and Enter: the line is found and focused.
    await page
      .getByRole('textbox', { name: 'Find by barcode' })
      .fill(nails.barcode ?? `CNT${stamp}`);
    await page.getByRole('textbox', { name: 'Find by barcode' }).press('Enter');
    const nailsField = page.getByLabel(`Counted quantity of ${nails.name}`);
    await expect(nailsField).toBeFocused();
    await page.keyboard.type('5');
    await expect(page.getByText('Counted: 5')).toBeVisible();
    await expect(page.getByText('2 of 3 counted')).toBeVisible();

    // Paused: a reload (no server) resumes where the count stopped.
    await page.reload();
    await expect(page.getByLabel(`Counted quantity of ${cement.name}`)).toHaveValue('18');
    await expect(page.getByLabel(`Counted quantity of ${nails.name}`)).toHaveValue('5');
    await expect(page.getByText('2 of 3 counted')).toBeVisible();

    await page.getByRole('button', { name: 'Submit count' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('1 product is not counted and will be recorded as 0');
    await dialog.getByRole('button', { name: 'Submit count' }).click();
    await expect(page.getByText('Waiting to sync').first()).toBeVisible();
    await expect(page.getByText('Submitted on this device')).toBeVisible();

    await server.start();
    running = true;
    await expect
      .poll(
        async () =>
          (await api<ServerCount[]>(server.url, adminToken, 'GET', 'godown/stock-counts')).find(
            (count) => count._id === countId,
          )?.status,
        { timeout: 20_000, intervals: [250] },
      )
      .toBe('submitted');
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 20_000 });
  } finally {
    if (!running) await server.start();
  }

  const submitted = (
    await api<ServerCount[]>(server.url, adminToken, 'GET', 'godown/stock-counts')
  ).find((count) => count._id === countId);
  const varianceOf = (id: string) =>
    submitted?.lines.find((line) => line.productId === id)?.variance;
  // The sale is not a loss; 3 nails and both ropes are missing.
  expect([varianceOf(cement._id), varianceOf(nails._id), varianceOf(rope._id)]).toEqual([
    0, -3, -2,
  ]);
  await expect(page.getByText('An admin reviews the differences')).toBeVisible({ timeout: 20_000 });

  // The admin, on a desktop: reviews and applies.
  const adminContext = await browser.newContext({ baseURL: server.url });
  const adminPage = await adminContext.newPage();
  try {
    await signInAsNewAdmin(adminPage);
    await adminPage.goto(`/godown/counts/${countId}`);
    await expect(adminPage.getByText('2 products differ: 2 short, 0 over.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(adminPage.getByText('3 missing')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Apply adjustments' }).click();
    await adminPage
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Apply adjustments' })
      .click();
    await expect(adminPage.getByText('Adjustments applied to 2 products')).toBeVisible();
    await expect(adminPage.getByText('Applied: the stock was changed')).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await adminContext.close();
  }

  const products = await api<ServerProduct[]>(server.url, adminToken, 'GET', 'godown/products');
  const stock = (id: string) => products.find((product) => product._id === id)?.quantity;
  expect([stock(cement._id), stock(nails._id), stock(rope._id)]).toEqual([18, 5, 0]);
  const logs = await api<{ productId: string; reason: string; transferQuantity: number }[]>(
    server.url,
    adminToken,
    'GET',
    'godown/movement-logs',
  );
  expect(
    logs
      .filter(
        (log) => log.reason === 'stock count' && [nails._id, rope._id].includes(log.productId),
      )
      .map((log) => log.transferQuantity)
      .sort(),
  ).toEqual([2, 3]);
  // The tablet learns the outcome from its next pull.
  await expect(page.getByText('Applied: the stock was changed')).toBeVisible({ timeout: 30_000 });
});

test('a count started while the server is unreachable waits on the device and opens for counting when it returns', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const stamp = Date.now();
  const location = `Waiting Deck ${stamp}`;
  const sack = await api<ServerProduct>(server.url, adminToken, 'POST', 'godown/products', {
    name: `Sack ${stamp}`,
    quantity: 12,
    price: 5_000,
    description: 'Counted in the e2e spec',
    location,
  });
  const clerk = await createUser({ category: 'godown' });
  await signIn(page, clerk.email, clerk.password);
  await page.goto('/godown/counts');
  await expect(page.getByLabel('Location')).toContainText(location, { timeout: 20_000 });
  await waitForServiceWorker(page);

  await server.stop();
  let running = false;
  try {
    await page.getByLabel('Location').selectOption(location);
    await page.getByRole('button', { name: 'Start count' }).click();
    await expect(page.getByText(`Count of ${location} requested`)).toBeVisible();
    await expect(page.getByText('Waiting for the server to start this count')).toBeVisible();
    await expect(page.getByLabel(`Counted quantity of ${sack.name}`)).toHaveCount(0);
    // Kept across a reload, still waiting.
    await page.reload();
    await expect(page.getByText('Waiting for the server to start this count')).toBeVisible();

    await server.start();
    running = true;
    await expect(page.getByLabel(`Counted quantity of ${sack.name}`)).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    if (!running) await server.start();
  }
  const counts = await api<ServerCount[]>(server.url, adminToken, 'GET', 'godown/stock-counts');
  expect(
    counts.filter((count) => count.lines.some((line) => line.productId === sack._id)),
  ).toHaveLength(1);
});
