import type { Page } from '@playwright/test';
import { createProduct } from './fixtures/catalog-api.ts';
import { englishLeftovers, visibleTexts } from './fixtures/english-leftovers.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Kiswahili everywhere a user reads (issue 14): with Kiswahili chosen, the staff and admin screens
 * show no English-only dictionary text and no stored English condition value ('low stock').
 * The failure lists every leftover with its screen.
 */
interface Leftover {
  screen: string;
  texts: string[];
}

async function leftoversOn(page: Page, screen: string): Promise<Leftover[]> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const shown = await visibleTexts(page);
  // A screen whose texts were not read would pass vacuously.
  expect(shown.length, screen).toBeGreaterThan(5);
  const texts = englishLeftovers(shown);
  return texts.length > 0 ? [{ screen, texts }] : [];
}

test('the English check finds English-only texts and stored conditions, not shared words', () => {
  expect(
    englishLeftovers(['Place Order', 'low stock', 'Weka Oda', 'Tsh 2,500', 'Kiswahili']),
  ).toEqual(['Place Order', 'low stock']);
  // A key shown instead of its words.
  expect(englishLeftovers(['deliveries.list.title', 'Mapokezi ya bidhaa'])).toEqual([
    'deliveries.list.title',
  ]);
});

test.describe('Kiswahili screens', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'sw'));
  });

  test('a godown clerk and a hardware admin read no English', async ({
    page,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    // About thirty screens, each opened by a full page load: 2.6 min on a slow day of the machine
    // CI runs on. Each step keeps the default limit (playwright.config.ts).
    test.setTimeout(300_000);
    // Eight sacks: godown's 'low stock' condition, which must read in Kiswahili.
    const godown = await fetch(`${server.url}/api/v1/godown/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        name: `Swahili Sack ${Date.now()}`,
        price: 2500,
        quantity: 8,
        location: 'Deck 9',
        description: 'A sack for the Kiswahili check',
      }),
    });
    expect(godown.ok).toBe(true);
    const created = (await godown.json()) as { _id?: string; product?: { _id: string } };
    const sack = created._id ?? created.product?._id ?? '';
    // A count of the sack's deck: the clerk's counting sheet, then the admin's review.
    const started = await fetch(`${server.url}/api/v1/godown/stock-counts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ location: 'Deck 9' }),
    });
    expect(started.status).toBe(201);
    const countId = ((await started.json()) as { _id: string })._id;
    const hammer = await createProduct(server.url, adminToken, 'hardware', {
      name: `Swahili Hammer ${Date.now()}`,
      description: 'A hammer for the Kiswahili check',
      price: 12_500,
      quantity: 3,
    });

    const found: Leftover[] = [];
    const clerk = await createUser({ category: 'godown' });
    await signIn(page, clerk.email, clerk.password);
    await page.goto('/godown');
    await expect(page.getByRole('link', { name: /^Weka Oda/ }).first()).toBeVisible({
      timeout: 30_000,
    });
    found.push(...(await leftoversOn(page, 'godown home')));
    await page.goto(`/godown/products/${sack}`);
    found.push(...(await leftoversOn(page, 'godown product')));
    await page.goto(`/godown/order-item?product=${sack}`);
    found.push(...(await leftoversOn(page, 'godown order item')));
    await page.goto('/godown/orders');
    found.push(...(await leftoversOn(page, 'godown orders')));
    await page.goto('/godown/counts');
    found.push(...(await leftoversOn(page, 'godown stock counts')));
    await page.goto(`/godown/counts/${countId}`);
    await expect(page.getByRole('button', { name: 'Wasilisha hesabu' })).toBeVisible({
      timeout: 30_000,
    });
    found.push(...(await leftoversOn(page, 'godown counting sheet')));
    // Goods received brings its words with its screens (src/i18n/screen-words.ts).
    for (const [screen, path] of [
      ['goods received', '/godown/deliveries'],
      ['book a delivery', '/godown/deliveries/new'],
      ['suppliers', '/godown/deliveries/suppliers'],
    ] as const) {
      await page.goto(path);
      found.push(...(await leftoversOn(page, screen)));
    }
    await page.getByRole('button', { name: /^Hali ya usawazishaji/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await leftoversOn(page, 'sync status panel')));
    await page.keyboard.press('Escape');
    await page.goto('/godown/no-such-page');
    found.push(...(await leftoversOn(page, 'not found')));

    const submitted = await fetch(`${server.url}/api/v1/godown/stock-counts/${countId}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        lines: [{ productId: sack, counted: 6, countedAt: new Date().toISOString() }],
      }),
    });
    expect(submitted.status).toBe(200);

    const admin = await createUser({ role: 'admin', category: 'hardware' });
    await page.getByRole('button', { name: /^Toka$/ }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Toka$/ })
      .click();
    await signIn(page, admin.email, admin.password);
    for (const [screen, path] of [
      ['hardware home', '/hardware'],
      ['hardware product', `/hardware/products/${hammer._id}`],
      ['hardware manage', '/hardware/admin/manage'],
      ['hardware upload', '/hardware/admin/upload'],
      ['hardware orders', '/hardware/orders'],
      ['hardware low stock', '/hardware/low-stock'],
      ['admin low stock', '/admin/low-stock'],
      ['godown move', '/godown/admin/move'],
      ['godown movement logs', '/godown/admin/movement-logs'],
      ['godown bulk upload', '/godown/admin/bulk-upload'],
      ['godown count review', `/godown/counts/${countId}`],
      ['printing', '/printing'],
      ['printing orders', '/printing/orders'],
      ['admin dashboard', '/admin'],
      ['admin users', '/admin/users'],
      ['admin revenue', '/admin/revenue'],
      ['admin reports', '/admin/reports'],
      ['admin settings', '/admin/settings'],
      ['admin support', '/admin/support'],
    ] as const) {
      await page.goto(path);
      found.push(...(await leftoversOn(page, screen)));
    }
    // The audit trail once its entries (the changes made above) have arrived.
    await page.goto('/admin/audit');
    await expect(page.getByText('Saa ya seva').first()).toBeVisible();
    found.push(...(await leftoversOn(page, 'admin audit')));

    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
});
