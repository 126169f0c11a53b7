import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createProduct } from './fixtures/catalog-api.ts';
import { expect, test } from './fixtures/test.ts';
import { api } from './fixtures/api.ts';

/**
 * The admin portal (issue 12) against the real server: every page from the sidebar, the chart's
 * bars, the drawer on a phone, a PDF report read back with pdftotext, CSV and XLSX exports with a
 * formula neutralised, revenue cards failing one at a time, settings on a printing receipt, the
 * own password change, and a support message reaching the inbox and its unread count.
 */
const workDir = mkdtempSync(path.join(tmpdir(), 'admin-portal-e2e-'));
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Today in the business time zone, as the report form's date inputs take it. */
function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Dar_es_Salaam' }).format(new Date());
}

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now()}-${counter}`;
}

/** A hardware product and one order of it, placed through the API. */
async function productWithOrder(baseUrl: string, token: string, name: string) {
  const product = await createProduct(baseUrl, token, 'hardware', {
    name,
    description: 'For the admin portal suite',
    price: 2500,
    quantity: 50,
  });
  const order = (await api(baseUrl, token, 'POST', 'hardware/orders', {
    productId: product._id,
    quantity: 3,
  })) as { orderId: string };
  return { product, order };
}

async function saved(download: Download, name: string): Promise<string> {
  const file = path.join(workDir, name);
  await download.saveAs(file);
  return file;
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Admin Portal' });
}

test('an admin walks every admin page from the sidebar; the dashboard draws its chart', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const productName = unique('Dashboard hammer');
  await productWithOrder(server.url, adminToken, productName);
  const admin = await signInAsNewAdmin(page);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${admin.email}`)).toBeVisible();
  for (const card of ['Total Orders', 'Total Sales', 'Total Products', 'Total Users']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  // An order placed this week against none last week (a fresh database): said in words.
  await expect(page.getByText('Increase').first()).toBeVisible();

  // recharts draws one path per non-zero bar inside the 'Dashboard Metrics' card.
  await expect(page.getByRole('heading', { name: 'Dashboard Metrics' })).toBeVisible();
  const bars = page.getByTestId('dashboard-metrics').locator('.recharts-bar-rectangle path');
  await expect.poll(() => bars.count()).toBeGreaterThan(0);

  await page.getByLabel('Department', { exact: true }).selectOption('hardware');
  await expect(page.getByRole('heading', { name: 'Recent orders: Hardware' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: productName })).toBeVisible();

  const pages = [
    ['Users', 'User Management', /\/admin\/users$/],
    ['Reports', 'Analytics Reports', /\/admin\/reports$/],
    ['Revenue', 'Revenue Analytics', /\/admin\/revenue$/],
    ['Settings', 'System Settings', /\/admin\/settings$/],
    ['Help & Support', 'Help & Support', /\/admin\/support$/],
    ['Inbox', 'Inbox', /\/admin\/inbox$/],
    ['Dashboard', 'Dashboard Overview', /\/admin\/dashboard$/],
  ] as const;
  for (const [link, title, url] of pages) {
    await sidebar(page)
      .getByRole('link', { name: new RegExp(`^${link}`) })
      .click();
    await expect(page, `after ${link}`).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  // The header's user menu: e-mail and Logout, which asks first.
  await page.getByRole('button', { name: `Account menu for ${admin.email}` }).click();
  await expect(page.getByRole('menu')).toContainText(admin.email);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Confirm Logout')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('on a phone the sidebar is a drawer opened by its toggle', async ({
  page,
  signInAsNewAdmin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
  await expect(sidebar(page)).toBeHidden();

  await page.getByRole('button', { name: 'Open the admin menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Admin Portal' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Revenue' }).click();
  await expect(page).toHaveURL(/\/admin\/revenue$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue Analytics' })).toBeVisible();
});

test('a report downloads as a PDF with the orders, and exports as CSV and XLSX with formulas neutralised', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const { order } = await productWithOrder(server.url, adminToken, '=HYPERLINK("x")');
  await signInAsNewAdmin(page);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Reports' })).toBeVisible();

  const generate = page.getByRole('button', { name: 'Generate Report' });
  await expect(generate).toBeDisabled();
  await page.getByLabel('Category', { exact: true }).selectOption('hardware');
  await generate.click();
  await expect(page.getByRole('alert')).toContainText('Please select all fields');

  const today = businessToday();
  await page.getByLabel('Start date').fill(today);
  await page.getByLabel('End date').fill(today);
  const [pdf] = await Promise.all([page.waitForEvent('download'), generate.click()]);
  expect(pdf.suggestedFilename()).toBe('hardware_report.pdf');
  const pdfFile = await saved(pdf, 'report.pdf');
  expect(readFileSync(pdfFile).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdfFile);
  expect(text).toContain(order.orderId);
  expect(text).toContain('=HYPERLINK("x")');
  await expect(page.getByText('Report generated successfully!')).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('hardware_report.csv');
  const csvText = readFileSync(await saved(csv, 'report.csv'), 'utf8');
  expect(csvText.startsWith('\uFEFFDate,Order ID,Product,')).toBe(true);
  expect(csvText).toContain(`,${order.orderId},"'=HYPERLINK(""x"")",3,2500,7500\r\n`);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe('hardware_report.xlsx');
  const workbook = unzipSync(readFileSync(await saved(xlsx, 'report.xlsx')));
  const sheet = strFromU8(workbook['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
  expect(sheet).toContain(order.orderId);
  expect(sheet).toContain(`'=HYPERLINK(&quot;x&quot;)`);

  // Without a network the toast says to check it.
  await page.route(/\/api\/v1\/hardware\/reports\?/, (route) =>
    route.abort('internetdisconnected'),
  );
  await generate.click();
  await expect(
    page.getByText('Failed to generate report. Please check your network.'),
  ).toBeVisible();
});

test('revenue shows a card per department and a failed card does not hide the others', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  await productWithOrder(server.url, adminToken, unique('Revenue saw'));
  await signInAsNewAdmin(page);
  await page.route(/\/api\/v1\/godown\/revenue/, (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal error' } }),
  );
  await page.goto('/admin/revenue');
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue Analytics' })).toBeVisible();

  await expect(page.getByRole('article', { name: 'Godown' })).toContainText('Error fetching data');
  for (const name of ['Stationery', 'Animal Feeding', 'Hardware', 'Printing', 'Fresh Oil']) {
    await expect(page.getByRole('article', { name })).toContainText('Tsh');
  }
  const total = page.getByRole('article', { name: 'All departments' });
  await expect(total).toContainText('Departments that answered: 5 of 6');
  // The hardware order of this test at least: Tsh 7,500 today.
  await expect(page.getByRole('article', { name: 'Hardware' })).not.toContainText('Tsh 0');

  await page.getByLabel('Period').selectOption('week');
  await expect(page.getByRole('article', { name: 'Hardware' })).toContainText('Tsh');
  await expect(page.getByRole('article', { name: 'Godown' })).toContainText('Error fetching data');
});

test('settings are saved and printed on receipts; the own password changes and the session stays', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const admin = await signInAsNewAdmin(page);
  // In-app navigation from the page the sign-in landed on: no second read of the stored session.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Admin' })
    .click();
  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  const companyName = unique('Neema Traders');
  const nameField = page.getByLabel('Company name');
  await expect(nameField).not.toHaveValue('');
  await nameField.fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Company name is required.')).toBeVisible();
  await nameField.fill(companyName);
  await page.getByLabel('Receipt footer').fill('Karibu tena!');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();

  // A printing receipt on this device carries the saved company name and footer.
  const job = (await api(server.url, adminToken, 'POST', 'printing/orders', {
    description: unique('Receipt check'),
    price: 100,
    quantity: 2,
    contact: '+255712345678',
    category: 'cards',
  })) as { _id: string };
  await page.goto(`/printing/orders/${job._id}`);
  const [receipt] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Print Order' }).click(),
  ]);
  const receiptText = pdfText(await saved(receipt, 'receipt.pdf'));
  expect(receiptText).toContain(companyName);
  expect(receiptText).toContain('Karibu tena!');

  await page.goto('/admin/settings');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Confirm new password').fill('new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The new passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('Current password is incorrect.');

  await page.getByLabel('Current password').fill(admin.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  // The fresh token was kept: a reload stays signed in on the settings page.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue(companyName);
});

test('a support message reaches the inbox, newest first, and read/unread moves the sidebar count', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin(page);
  await page.goto('/admin/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('All fields are required.').first()).toBeVisible();

  const subject = unique('Printer jam');
  await page.getByLabel('Name').fill('Neema');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('The roll printer jams on long receipts.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();

  const unreadOnServer = async () =>
    ((await api(server.url, adminToken, 'GET', 'support/unread-count')) as { unread: number })
      .unread;
  const unread = await unreadOnServer();
  expect(unread).toBeGreaterThan(0);
  const inboxLink = sidebar(page).getByRole('link', { name: /^Inbox/ });
  await expect(inboxLink).toHaveAccessibleName(
    new RegExp(`${unread} unread message${unread === 1 ? '' : 's'}`),
  );

  await inboxLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const newest = page.getByRole('listitem').first();
  await expect(newest).toContainText(subject);
  await expect(newest).toContainText('Unread');
  await newest.getByRole('button', { name: `Mark as read: "${subject}"` }).click();
  await expect(newest.getByRole('button', { name: `Mark as unread: "${subject}"` })).toBeVisible();
  expect(await unreadOnServer()).toBe(unread - 1);
  if (unread - 1 === 0) await expect(inboxLink).toHaveAccessibleName('Inbox');
  else await expect(inboxLink).toHaveAccessibleName(new RegExp(`${unread - 1} unread message`));
});
