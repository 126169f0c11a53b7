import { gs1CheckDigitValid } from '../../domain/labels.ts';
import { createProduct } from './fixtures/catalog-api.ts';
import { decodePdfBarcodes, pdfText } from './fixtures/decode-barcodes.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

/** A valid EAN-13 made from the test's time stamp (its last digit is the check digit). */
function ean13From(stamp: number): string {
  const body = String(stamp).slice(-12).padStart(12, '9');
  for (let check = 0; check <= 9; check += 1) {
    if (gs1CheckDigitValid(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('unreachable');
}

/**
 * Labels (issue 15 item 4) as an admin prints them on a tablet whose server is unreachable: two
 * products chosen in 'Print labels' give a PDF with their names, prices and barcodes that a
 * barcode reader decodes from the rendered page (A4 sheet and 50 × 30 mm roll).
 */
test('an admin prints barcode labels with the server down, and a reader decodes them', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const stamp = Date.now();
  const ean = ean13From(stamp);
  for (const [name, barcode, price] of [
    [`Label tape ${stamp}`, ean, 4_500],
    [`Label glue ${stamp}`, `LB-${stamp}`, 12_000],
  ] as const) {
    await createProduct(server.url, adminToken, 'hardware', {
      name,
      description: 'For the labels check',
      price,
      quantity: 5,
      barcode,
    });
  }

  await signInAsNewAdmin(page);
  await page.goto('/hardware/admin/manage');
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await waitForServiceWorker(page);

  await server.stop();
  try {
    for (const [paper, pages] of [
      ['A4 sheet, 24 labels of 70 × 37 mm', 1],
      ['Label roll, 50 × 30 mm', 2],
    ] as const) {
      await page.getByRole('button', { name: 'Print labels' }).click();
      const dialog = page.getByRole('dialog', { name: 'Print barcode labels' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Label paper').selectOption({ label: paper });
      await dialog.getByLabel('Search products').fill(`${stamp}`);
      const tape = dialog.getByRole('checkbox', { name: new RegExp(`^Label tape ${stamp}`) });
      const glue = dialog.getByRole('checkbox', { name: new RegExp(`^Label glue ${stamp}`) });
      // The choice is kept while the page is open: a second run on other paper needs no clicks.
      if (!(await tape.isChecked())) await dialog.getByText(`Label tape ${stamp}`).click();
      if (!(await glue.isChecked())) await dialog.getByText(`Label glue ${stamp}`).click();
      await expect(tape).toBeChecked();
      await expect(glue).toBeChecked();
      await expect(dialog.getByText('2 labels', { exact: true })).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download labels PDF' }).click(),
      ]);
      const pdf = await download.path();
      const text = pdfText(pdf);
      expect(text).toContain(`Label tape ${stamp}`);
      expect(text).toContain('Tsh 12,000');
      expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(pages);
      expect((await decodePdfBarcodes(pdf)).sort()).toEqual([ean, `LB-${stamp}`].sort());
    }
  } finally {
    await server.start();
  }
});
