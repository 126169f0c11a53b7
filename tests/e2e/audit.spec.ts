import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { api } from './fixtures/api.ts';
import { createProduct } from './fixtures/catalog-api.ts';
import { adminEmail, expect, test } from './fixtures/test.ts';

/**
 * The audit screen (issue 26 item 11) against the real server: changes made through the API
 * appear under /admin/audit, filtered by department, what and record id, with each field before
 * and after, the tablet's time beside the server's for a write made offline, 50 entries a page
 * with older ones loaded on demand, and a CSV of every matching entry.
 */

/** 'YYYY-MM-DD HH:mm' in the business time zone, as the CSV writes times. */
function businessMinute(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Dar_es_Salaam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

async function applyFilters(page: Page, filters: Record<string, string>) {
  for (const [label, value] of Object.entries(filters)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((element) => element.tagName)) === 'SELECT') {
      await field.selectOption({ label: value });
    } else {
      await field.fill(value);
    }
  }
  await page.getByRole('button', { name: 'Apply filters' }).click();
}

test('an admin finds a product change by department, what and id, pages back and exports it', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const hammer = await createProduct(server.url, adminToken, 'hardware', {
    name: `Audit hammer ${Date.now()}`,
    description: 'For the audit suite',
    price: 2500,
    quantity: 10,
  });
  // 51 edits: with the creation, 52 entries, one more page than the screen's 50.
  const edit = (price: number) => ({
    name: `Audit hammer ${hammer._id.slice(0, 8)}`,
    description: 'For the audit suite',
    price,
    quantity: 10,
  });
  for (let price = 2501; price <= 2550; price += 1) {
    await api(server.url, adminToken, 'PUT', `hardware/products/${hammer._id}`, edit(price));
  }
  // The last edit as a tablet sends a queued write: with the time it was made there.
  const madeAt = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
  const last = await fetch(`${server.url}/api/v1/hardware/products/${hammer._id}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${adminToken}`,
      'content-type': 'application/json',
      'x-made-at': madeAt,
    },
    body: JSON.stringify(edit(2551)),
  });
  expect(last.status).toBe(200);
  // Newer than every hardware entry, so it would lead the list if the department were ignored.
  const notebook = await createProduct(server.url, adminToken, 'stationery', {
    name: `Audit notebook ${Date.now()}`,
    description: 'Another department',
    price: 900,
    quantity: 5,
  });

  await signInAsNewAdmin(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin Portal' })
    .getByRole('link', { name: 'Audit trail' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const entries = page.getByRole('main').getByRole('listitem');
  // Unfiltered, the newest entries of every kind: the notebook's creation among them.
  await expect(page.getByRole('main').getByText(notebook._id).first()).toBeVisible();

  await applyFilters(page, { Department: 'Hardware', What: 'Product' });
  await expect(entries.first()).toContainText(hammer._id);
  await expect(page.getByText(notebook._id)).toHaveCount(0);

  await applyFilters(page, { 'Record id': hammer._id });
  await expect(page.getByText('50 entries shown')).toBeVisible();
  await expect(entries).toHaveCount(50);
  const newest = entries.first();
  await expect(newest.getByText('Updated', { exact: true })).toBeVisible();
  await expect(newest.getByText('Server time')).toBeVisible();
  await expect(newest.getByText('Time on the tablet')).toBeVisible();
  await expect(newest.getByText('Hardware', { exact: true })).toBeVisible();
  const priceRow = newest.getByRole('table').getByRole('row', { name: /Price/ });
  await expect(priceRow.getByRole('cell')).toHaveText(['2550', '2551']);
  // A change made online has no tablet time.
  await expect(entries.nth(1).getByText('Time on the tablet')).toHaveCount(0);

  await page.getByRole('button', { name: 'Load older entries' }).click();
  await expect(page.getByText('52 entries shown')).toBeVisible();
  await expect(entries).toHaveCount(52);
  await expect(page.getByText('No older entries')).toBeVisible();
  const oldest = entries.last();
  await expect(oldest.getByText('Created', { exact: true })).toBeVisible();
  await expect(oldest.getByRole('row', { name: /Price/ }).getByRole('cell')).toHaveText([
    '(empty)',
    '2500',
  ]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Entry,Server time,Time on the tablet,User,Action,Record type,Record id,Department,Field,Before,After',
  );
  const rows = lines.slice(1).map((line) => line.split(','));
  expect(new Set(rows.map((row) => row[0])).size).toBe(52);
  expect(rows.every((row) => row[6] === hammer._id && row[7] === 'Hardware')).toBe(true);
  expect(csv).not.toContain(notebook._id);
  const lastEdit = rows.find((row) => row[8] === 'price' && row[10] === '2551');
  expect(lastEdit?.slice(2, 6)).toEqual([businessMinute(madeAt), adminEmail, 'Updated', 'Product']);
  expect(rows.filter((row) => row[4] === 'Created').length).toBeGreaterThan(1);
  await expect(page.getByText('CSV downloaded: 52 entries')).toBeVisible();
});

test('an admin reads the empty answer and a refused filter in words', async ({
  page,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin(page);
  await page.goto('/admin/audit');
  await applyFilters(page, { 'Record id': 'no-such-record' });
  await expect(page.getByText('No audit entries match these filters')).toBeVisible();
  await applyFilters(page, { 'From (day)': '2026-11-20', 'To (day)': '2026-11-19' });
  await expect(page.getByRole('alert')).toHaveText('The "To" day is before the "From" day');
});
