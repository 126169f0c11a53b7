import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

/** A unique prefix: every spec of the run shares one server and its godown. */
const tag = `BU${Date.now().toString(36).toUpperCase()}`;

const header = 'Jina,Bei,Idadi,Mahali,Maelezo';
const goodRows = [
  `${tag} Cement,12000,50,Deck A,Bags of 50 kg`,
  `${tag} Nails,500,8,Store B,"Box of 100, 3 inch"`,
];
const badCsv = [header, ...goodRows, `${tag} Sand,abc,5,Deck A,Tonnes`].join('\r\n');
const fixedCsv = [header, ...goodRows, `${tag} Sand,3500,5,Deck A,Tonnes`].join('\r\n');

function csvFile(text: string) {
  return { name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(text) };
}

function homeRow(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
}

test('an admin previews a CSV with one bad row, fixes it, uploads it and finds the products', async ({
  page,
  signInAsNewAdmin,
}) => {
  // The success dialog closes itself after 3 s (spec): the page's clock is paused while it is read.
  await page.clock.install();
  await signInAsNewAdmin(page);
  await page.goto('/godown/admin/bulk-upload');
  await expect(page.getByRole('heading', { name: 'Bulk Upload Products', level: 1 })).toBeVisible();

  // The guide states the server's rules, in English and in Kiswahili.
  await page.getByRole('button', { name: 'Show Guide' }).click();
  await expect(
    page.getByText('Use a .csv or .xlsx file of at most 5 MB.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('lisilozidi MB 5', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Hide Guide' }).click();

  const input = page.getByTestId('bulk-upload-input');
  await input.setInputFiles(csvFile(badCsv));
  await expect(page.getByText('3 products read from stock.csv.')).toBeVisible();
  const flagged = page.locator('tr[data-invalid="true"]');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText(`${tag} Sand`);
  await expect(flagged).toContainText('Error:');
  await expect(flagged).toContainText('Price must be a positive number.');
  await expect(page.getByText('1 row has errors.', { exact: false })).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm Upload' });
  await expect(confirm).toBeDisabled();

  await input.setInputFiles(csvFile(fixedCsv));
  await expect(page.getByText('3 products read from stock.csv.')).toBeVisible();
  await expect(page.locator('tr[data-invalid="true"]')).toHaveCount(0);
  await expect(confirm).toBeEnabled();
  await page.clock.pauseAt(Date.now() + 1000);
  await confirm.click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('The products have been uploaded successfully.');
  await expect(dialog).toContainText('3 products created, 0 updated.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.clock.resume();

  await page.goto('/godown');
  await page.getByLabel('Search products').fill(tag);
  await expect(homeRow(page, `${tag} Cement`)).toBeVisible();
  await expect(homeRow(page, `${tag} Nails`)).toBeVisible();
  await expect(homeRow(page, `${tag} Sand`)).toBeVisible();
});

test('offline, the page says bulk upload needs a connection and keeps Confirm off', async ({
  page,
  context,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin(page);
  await page.goto('/godown/admin/bulk-upload');
  await expect(page.getByRole('heading', { name: 'Bulk Upload Products', level: 1 })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('Bulk upload needs a connection')).toBeVisible();
  await page.getByTestId('bulk-upload-input').setInputFiles(csvFile(fixedCsv));
  await expect(page.getByText('3 products read from stock.csv.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm Upload' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Confirm Upload' })).toBeEnabled();
});
