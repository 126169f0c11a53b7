import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createProduct } from './fixtures/catalog-api.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Exports (issue 15 item 5) as an admin meets them on a tablet whose server is unreachable: the
 * manage page's products and the orders list download as CSV and XLSX from the mirror, a product
 * named like a formula arrives as text, and the columns follow the UI language.
 */

/** Clicks the button and returns the downloaded file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

function sheetXml(bytes: Buffer): string {
  const sheet = unzipSync(new Uint8Array(bytes))['xl/worksheets/sheet1.xml'];
  if (!sheet) throw new Error('the workbook has no sheet');
  return strFromU8(sheet);
}

test.describe('exports', () => {
  test('an admin exports products and orders with the server down, formulas neutralised', async ({
    page,
    server,
    adminToken,
    signInAsNewAdmin,
  }) => {
    const stamp = Date.now();
    const formula = `=HYPERLINK("http://evil.example","Export pen ${stamp}")`;
    const pen = await createProduct(server.url, adminToken, 'stationery', {
      name: formula,
      description: '@SUM(A1)',
      price: 1_200,
      quantity: 30,
      barcode: `EXP-${stamp}`,
    });
    const ordered = await fetch(`${server.url}/api/v1/stationery/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: pen._id, quantity: 2 }),
    });
    expect(ordered.status).toBe(201);

    await signInAsNewAdmin(page);
    await page.goto('/stationery/admin/manage');
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
    await page.getByLabel('Search').fill(`Export pen ${stamp}`);
    await expect(page.getByRole('row').filter({ hasText: `Export pen ${stamp}` })).toBeVisible();
    // The orders page is opened by a full navigation below, served from the precache.
    await waitForServiceWorker(page);

    await server.stop();
    try {
      const csv = await download(page, 'Export CSV');
      expect(csv.name).toMatch(/^stationery-products-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = csv.bytes.toString('utf8');
      expect(text.startsWith('\uFEFFProduct,Description,Price (Tsh),Quantity,Barcode')).toBe(true);
      // Quoted (it holds commas and quotes) and prefixed with an apostrophe: text, not a formula;
      // 30 received less the 2 ordered.
      expect(text).toContain(
        `"'=HYPERLINK(""http://evil.example"",""Export pen ${stamp}"")",'@SUM(A1),1200,28,EXP-${stamp}`,
      );

      const xlsx = await download(page, 'Export XLSX');
      expect(xlsx.name).toMatch(/^stationery-products-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const xml = sheetXml(xlsx.bytes);
      expect(xml).toContain(
        `>'=HYPERLINK(&quot;http://evil.example&quot;,&quot;Export pen ${stamp}`,
      );
      expect(xml).not.toContain('<f>');

      // Kiswahili chosen: the orders' columns are Kiswahili, still with no server.
      await page.evaluate(() => localStorage.setItem('lang', 'sw'));
      await page.goto('/stationery/orders');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const ordersCsv = await download(page, 'Pakua CSV');
      expect(ordersCsv.name).toMatch(/^stationery-orders-all-\d{4}-\d{2}-\d{2}\.csv$/);
      const ordersText = ordersCsv.bytes.toString('utf8');
      expect(ordersText).toMatch(
        /^\uFEFFTarehe,Namba ya oda,Bidhaa,Idadi,Bei kwa kimoja \(Tsh\),Jumla \(Tsh\),Hali,/,
      );
      expect(ordersText).toContain(`Export pen ${stamp}`);
      expect(ordersText).toMatch(new RegExp(`Export pen ${stamp}""\\)",2,1200,2400,`));
    } finally {
      await server.start();
    }
  });

  test('an admin exports the products of every department in one file from the reports page', async ({
    page,
    server,
    adminToken,
    signInAsNewAdmin,
  }) => {
    const stamp = Date.now();
    await createProduct(server.url, adminToken, 'hardware', {
      name: `All hammer ${stamp}`,
      description: 'For the every-department export',
      price: 12_500,
      quantity: 4,
    });
    await createProduct(server.url, adminToken, 'fresh-oil', {
      name: `+All oil ${stamp}`,
      description: 'For the every-department export',
      price: 8_000,
      quantity: 6,
    });
    await signInAsNewAdmin(page);
    await page.goto('/admin/reports');
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });
    const csv = await download(page, 'Export products of every department (CSV)');
    expect(csv.name).toMatch(/^all-products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFFDepartment,Product,')).toBe(true);
    expect(text).toContain(`Hardware,All hammer ${stamp},`);
    // A name that starts like a formula arrives as text.
    expect(text).toContain(`Fresh Oil,'+All oil ${stamp},`);
    const xlsx = await download(page, 'Export products of every department (XLSX)');
    expect(sheetXml(xlsx.bytes)).toContain(`All hammer ${stamp}`);
  });
});
