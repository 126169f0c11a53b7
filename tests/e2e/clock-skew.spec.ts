import type { Page } from '@playwright/test';
import { businessDate } from '../../domain/sheet.ts';
import { createProduct, type ProductJson } from './fixtures/catalog-api.ts';
import { expect, test } from './fixtures/test.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';

/**
 * A tablet whose clock is three days wrong (issue 28 item 5, decision 0026): it signs in, its
 * orders reach the server, another device's sale reaches it by pull, and its Orders "Today" tab
 * lists all of them, because periods are decided on the server's time as estimated from the
 * answers' Date headers, never on the tablet's clock alone.
 */

const day = 24 * 60 * 60_000;

/**
 * Replaces the page's Date with one whose "now" is `shiftMs` off (Date.now() and `new Date()`);
 * dates built from a value stay as they are. A time-zone override would not move the instant.
 */
function shiftedClockScript(shiftMs: number): string {
  return `(() => {
    const RealDate = Date;
    const shift = ${shiftMs};
    class ShiftedDate extends RealDate {
      constructor(...args) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...args);
      }
      static now() {
        return RealDate.now() + shift;
      }
    }
    globalThis.Date = ShiftedDate;
  })();`;
}

/** Another device's sale, straight to the API. */
async function sellThroughApi(
  baseUrl: string,
  token: string,
  productId: string,
  quantity: number,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/hardware/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ productId, quantity }),
  });
  expect(response.status).toBe(201);
}

async function orderOnTablet(page: Page, product: ProductJson, quantity: number): Promise<void> {
  await page.goto(`/hardware/products/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/order placed successfully!/i).last()).toBeVisible();
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
}

test.describe('a tablet whose clock is wrong by days', () => {
  for (const days of [-3, 3]) {
    test(`with its clock ${days > 0 ? 'ahead' : 'behind'} by ${Math.abs(days)} days it syncs and lists today's orders under Today`, async ({
      browser,
      server,
      adminToken,
      createUser,
      signIn,
    }) => {
      const product = await createProduct(server.url, adminToken, 'hardware', {
        name: `Clock skew ${days} ${Date.now()}`,
        description: 'Ordered by a tablet with a wrong clock',
        price: 1_500,
        quantity: 50,
      });
      const employee = await createUser({ category: 'hardware' });
      // What the tablet learns the server's time from.
      const health = await fetch(`${server.url}/api/v1/health`);
      expect(Date.parse(health.headers.get('date') ?? '')).toBeGreaterThan(0);
      const context = await browser.newContext({ baseURL: server.url });
      await context.addInitScript({ content: shiftedClockScript(days * day) });
      const page = await context.newPage();
      try {
        await signIn(page, employee.email, employee.password);
        const deviceAhead = (await page.evaluate(() => Date.now())) - Date.now();
        expect(Math.abs(deviceAhead - days * day)).toBeLessThan(60_000);

        for (const quantity of [1, 2, 3]) await orderOnTablet(page, product, quantity);
        await syncIndicator(page).click();
        await expect(page.getByText('All changes synced')).toBeVisible();
        await page.keyboard.press('Escape');

        // Another device's sale: the tablet's pull brings it in when the app starts again.
        await sellThroughApi(server.url, adminToken, product._id, 4);
        await page.goto('/hardware/orders');
        await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
        await page.getByRole('tab', { name: 'Today', exact: true }).click();
        const rows = page.getByRole('row').filter({ hasText: product.name });
        await expect(rows).toHaveCount(4);
        for (const units of ['1 unit', '2 units', '3 units', '4 units']) {
          await expect(rows.filter({ hasText: units })).toHaveCount(1);
        }
        // The export's file name carries the server's business date too.
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export CSV' }).click(),
        ]);
        expect(file.suggestedFilename()).toBe(
          `hardware-orders-today-${businessDate(new Date())}.csv`,
        );
        // The server's time was learnt from its answers' Date header and kept for a reload while
        // offline.
        const stored = await page.evaluate(() => localStorage.getItem('serverClock'));
        expect(stored).toBeTruthy();
      } finally {
        await context.close();
      }
    });
  }
});
