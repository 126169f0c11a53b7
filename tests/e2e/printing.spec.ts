import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures/test.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';

/**
 * The printing department end to end (issue 10), against the real server and service worker: a
 * printing clerk takes a job while the server is down (the shop's Wi-Fi stays up, so the browser
 * says online), prints its provisional receipt with no server at all, and once the server is back
 * the job is sent exactly once and the receipt prints with the server's PR- number.
 */
interface PrintingOrderJson {
  _id: string;
  receiptNumber: string;
  description: string;
  totalPrice: number;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'printing-e2e-'));
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function serverJobs(baseUrl: string, token: string, description: string) {
  const response = await fetch(`${baseUrl}/api/v1/printing/orders`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET printing orders failed: ${response.status}`);
  const jobs = (await response.json()) as PrintingOrderJson[];
  return jobs.filter((job) => job.description === description);
}

/** Clicks 'Print Order' and returns the downloaded PDF's path. */
async function printReceipt(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Print Order' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-.+\.pdf$/);
  const file = path.join(workDir, `${name}.pdf`);
  await download.saveAs(file);
  return file;
}

/** The PDF's text as a reader sees it (poppler's pdftotext), spaces squeezed. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

/** Share of a page's pixels that are not white, rendered by poppler's pdftoppm. */
async function inkedShare(file: string): Promise<number> {
  const prefix = path.join(workDir, path.basename(file, '.pdf'));
  execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', '-f', '1', file, prefix]);
  const { data, info } = await sharp(`${prefix}.png`)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (const value of data) if (value < 200) inked += 1;
  return inked / (info.width * info.height);
}

test('a print job taken while the server is down prints a provisional receipt, syncs once, then prints with its PR- number', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const clerk = await createUser({ category: 'printing' });
  await signIn(page, clerk.email, clerk.password);
  // Printing users land on their own form, under the printing menu.
  await expect(page).toHaveURL(/\/printing$/);
  const menu = page.getByRole('navigation', { name: 'Printing navigation' });
  await expect(menu.getByRole('link', { name: 'Submit work' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Submit Print Work', level: 1 })).toBeVisible();
  // The worker controls the page and has precached the app (the receipt chunk included).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);

  const description = `Wedding cards, gold foil ${Date.now()}`;
  // Everything until the server returns happens without it; it comes back even if a step fails.
  await server.stop();
  const jobId = await (async () => {
    try {
      await page.getByLabel('Description').fill(description);
      await page.getByLabel('Price per item (Tsh)').fill('1500');
      const quantity = page.getByLabel('Quantity');
      await quantity.fill('2');
      const total = page.getByTestId('print-job-total');
      await expect(total).toHaveText('Tsh 3,000');
      // The total follows the typing.
      await quantity.fill('200');
      await expect(total).toHaveText('Tsh 300,000');
      const contact = page.getByLabel('Contact');
      await expect(contact).toHaveAttribute('inputmode', 'tel');
      await contact.fill('0712 345 678');
      await page.getByLabel('Category').selectOption('cards');
      await page.getByRole('button', { name: 'Submit Order' }).click();

      const success = page.getByRole('alertdialog', { name: 'Order Submitted Successfully!' });
      await expect(success).toBeVisible();
      await expect(success).toBeHidden({ timeout: 6_000 });
      await expect(syncIndicator(page)).toHaveAccessibleName(/1 waiting to sync/);
      await expect(page.getByLabel('Description')).toHaveValue('');

      // The list and the details come from the device; the receipt is drawn with no server.
      await menu.getByRole('link', { name: 'Orders' }).click();
      const row = page.getByRole('row').filter({ hasText: description });
      await expect(row).toContainText('Waiting to sync');
      await expect(row).toContainText('200 units');
      await expect(row).toContainText('Tsh 300,000');
      await row.getByRole('link', { name: /^Details of the order OFFLINE-/ }).click();
      await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
      await expect(page.getByText('Provisional until synced')).toBeVisible();
      const jobId = new URL(page.url()).pathname.split('/').pop() ?? '';

      const provisional = await printReceipt(page, 'provisional');
      const provisionalText = pdfText(provisional);
      expect(provisionalText).toContain('PROVISIONAL RECEIPT');
      expect(provisionalText).toMatch(/OFFLINE-[0-9A-F]{8}/);
      expect(provisionalText).toContain(description);
      expect(provisionalText).toContain('Tsh 300,000');
      expect(await inkedShare(provisional)).toBeGreaterThan(0.005);

      return jobId;
    } finally {
      await server.start();
    }
  })();

  // Nobody touches the screen: the job reaches the server, once, under its client id.
  await expect
    .poll(async () => (await serverJobs(server.url, adminToken, description)).length, {
      timeout: 15_000,
      intervals: [250],
    })
    .toBe(1);
  const [stored] = await serverJobs(server.url, adminToken, description);
  expect(stored?._id).toBe(jobId);
  expect(stored?.totalPrice).toBe(300_000);
  expect(stored?.receiptNumber).toMatch(/^PR-\d{6}$/);
  const receiptNumber = stored?.receiptNumber ?? '';

  // The page follows the server's answer: the provisional mark goes, the PR- number comes.
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await expect(page.getByText('Provisional until synced')).toBeHidden();
  await expect(page.getByText(receiptNumber)).toBeVisible();

  const final = pdfText(await printReceipt(page, 'final'));
  expect(final).toContain(receiptNumber);
  expect(final).not.toContain('PROVISIONAL');
  expect(final).not.toContain('OFFLINE-');
  expect(final).toContain('Tsh 300,000');
  expect(await serverJobs(server.url, adminToken, description)).toHaveLength(1);
});

test('an admin edits a print job in full and deletes it, through the queue', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const description = `Banner 3x1 m ${Date.now()}`;
  const created = await fetch(`${server.url}/api/v1/printing/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      description,
      price: 45_000,
      quantity: 2,
      contact: '+255 754 000 111',
      category: 'banners',
    }),
  });
  expect(created.status).toBe(201);
  await signInAsNewAdmin(page);
  await page.goto('/printing/orders');
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Tsh 90,000');

  await row.getByRole('button', { name: /^Edit the order PR-\d{6}$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Order' });
  await dialog.getByLabel('Quantity').fill('3');
  await expect(dialog.getByTestId('print-job-total')).toHaveText('Tsh 135,000');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Tsh 135,000');
  await expect
    .poll(async () => (await serverJobs(server.url, adminToken, description))[0]?.totalPrice)
    .toBe(135_000);

  await row.getByRole('button', { name: /^Delete the order PR-\d{6}$/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
  await expect(
    confirm.getByText('Are you sure you want to delete this order? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toBeHidden();
  await expect
    .poll(async () => (await serverJobs(server.url, adminToken, description)).length)
    .toBe(0);
});
