import type { Page } from '@playwright/test';
import { createProduct, uniqueName } from './fixtures/catalog-api.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Touch on the staff tablet (issue 14): at 800×1280, every visible interactive control of the
 * staff screens is at least 44×44 px (WCAG 2.5.5), at least 8 px away from its neighbours (a
 * thumb that misses by a little must not press the next control), and a number, phone or e-mail
 * field opens the matching keyboard (inputmode). Links inside running text are exempt, as WCAG
 * exempts them. The failure lists every problem with its screen and control.
 */
const minimum = 44;
const minimumGap = 8;

interface TouchProblem {
  screen: string;
  control: string;
  problem: string;
}

async function undersizedControls(page: Page, screen: string): Promise<TouchProblem[]> {
  const found = await page.evaluate(
    ({ min, gap }) => {
      const selector = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        '[role=button]',
        '[role=tab]',
        '[role=link]',
        '[role=checkbox]',
        '[role=radio]',
        '[role=switch]',
        '[role=menuitem]',
        '[role=combobox]',
      ].join(',');
      const visible = (element: Element): boolean => {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const rect = element.getBoundingClientRect();
        // Visually hidden inputs behind custom controls (1 px, clipped) are not what is touched.
        return rect.width > 2 && rect.height > 2 && element.closest('[aria-hidden=true]') === null;
      };
      const inRunningText = (element: Element): boolean =>
        element.tagName === 'A' &&
        getComputedStyle(element).display === 'inline' &&
        element.parentElement !== null &&
        ['P', 'SPAN', 'LI'].includes(element.parentElement.tagName) &&
        (element.parentElement.textContent ?? '').trim().length >
          (element.textContent ?? '').trim().length;
      const describe = (element: Element): string => {
        const name =
          element.getAttribute('aria-label') ??
          (element.textContent ?? '').trim().slice(0, 40) ??
          '';
        return `${element.tagName.toLowerCase()} "${name || (element as HTMLInputElement).name || '?'}"`;
      };
      // A control under an open panel (the page beneath the sync status) cannot be touched.
      const onTop = (element: Element): boolean => {
        const rect = element.getBoundingClientRect();
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        // Below the fold nothing is open over it; elementFromPoint sees only the viewport.
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (element.contains(hit) || hit.contains(element));
      };
      const controls = [...document.querySelectorAll(selector)].filter(
        (element) => visible(element) && !inRunningText(element) && onTop(element),
      );
      const problems: { control: string; problem: string }[] = [];
      const rects = controls.map((element) => element.getBoundingClientRect());
      controls.forEach((element, index) => {
        const rect = rects[index] as DOMRect;
        if (rect.width < min || rect.height < min) {
          problems.push({
            control: describe(element),
            problem: `${Math.round(rect.width)}×${Math.round(rect.height)} px`,
          });
        }
        const keyboard: Record<string, string[]> = {
          number: ['numeric', 'decimal'],
          tel: ['tel'],
          email: ['email'],
        };
        const type = element.getAttribute('type') ?? '';
        const wanted = element.tagName === 'INPUT' ? keyboard[type] : undefined;
        if (wanted && !wanted.includes(element.getAttribute('inputmode') ?? '')) {
          problems.push({ control: describe(element), problem: `type=${type} without inputmode` });
        }
        // Each pair once; a control inside another (an input in its label) is one target.
        for (let other = index + 1; other < controls.length; other += 1) {
          const neighbour = controls[other] as Element;
          if (element.contains(neighbour) || neighbour.contains(element)) continue;
          const next = rects[other] as DOMRect;
          const dx = Math.max(0, next.left - rect.right, rect.left - next.right);
          const dy = Math.max(0, next.top - rect.bottom, rect.top - next.bottom);
          const distance = Math.hypot(dx, dy);
          if (distance < gap - 0.5) {
            problems.push({
              control: describe(element),
              problem: `${Math.round(distance)} px from ${describe(neighbour)}`,
            });
          }
        }
      });
      return problems;
    },
    { min: minimum, gap: minimumGap },
  );
  return found.map((item) => ({ screen, ...item }));
}

test.describe('touch targets on the staff tablet', () => {
  test.use({ viewport: { width: 800, height: 1280 } });

  test('every control of the staff screens is at least 44×44 px, 8 px apart, with the right keyboard', async ({
    page,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    const product = await createProduct(server.url, adminToken, 'hardware', {
      name: 'Touch Hammer',
      description: 'A hammer for the touch test',
      price: 12_500,
      quantity: 30,
    });
    const clerk = await createUser({ category: 'hardware' });
    await signIn(page, clerk.email, clerk.password);

    const problems: TouchProblem[] = [];
    const check = async (screen: string) =>
      problems.push(...(await undersizedControls(page, screen)));

    await page.goto('/hardware');
    await expect(page.getByRole('heading', { name: 'Hardware Products' })).toBeVisible();
    // The first sync of a new sign-in: allow for a busy machine.
    await expect(page.getByRole('link', { name: /^View details/ }).first()).toBeVisible({
      timeout: 30_000,
    });
    await check('hardware home');

    await page.getByRole('button', { name: /sync status/i }).click();
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
    // Measure the panel once its opening animation (a slight zoom) has finished.
    await page
      .locator('[data-scope=popover][data-part=content]')
      .evaluate((panel) =>
        Promise.all(panel.getAnimations().map((animation) => animation.finished)),
      );
    await check('sync status panel');
    await page.keyboard.press('Escape');

    await page.goto(`/hardware/products/${product._id}`);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
    await check('product detail');

    await page.goto(`/hardware/order-item?product=${product._id}`);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled({
      timeout: 30_000,
    });
    await check('order item');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('button', { name: 'Continue Ordering' }).click();

    await page.goto('/hardware/orders');
    await expect(page.getByText('Touch Hammer').first()).toBeVisible();
    await check('orders list');
    await page
      .getByRole('link', { name: /view|details|touch hammer/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/hardware\/orders\/.+/);
    await check('order detail');

    expect(problems, JSON.stringify(problems, null, 2)).toEqual([]);
  });

  test('the basket with two lines and a sale’s page are touch-sized too', async ({
    page,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    const products = [];
    for (const [name, price] of [
      ['Touch Saw', 18_000],
      ['Touch Screws', 150],
    ] as const) {
      products.push(
        await createProduct(server.url, adminToken, 'hardware', {
          name: uniqueName(name),
          description: 'For the touch test of the basket',
          price,
          quantity: 40,
        }),
      );
    }
    const clerk = await createUser({ category: 'hardware' });
    await signIn(page, clerk.email, clerk.password);
    const problems: TouchProblem[] = [];
    const check = async (screen: string) =>
      problems.push(...(await undersizedControls(page, screen)));

    await page.goto('/hardware/sale');
    await expect(page.getByRole('heading', { name: 'New sale', level: 1 })).toBeVisible();
    const basket = page.getByRole('region', { name: 'Basket' });
    for (const product of products) {
      await page.getByLabel('Search products').fill(product.name);
      // The first sync of a new sign-in brings the products: allow for a busy machine.
      const add = page.getByRole('button', { name: `Add ${product.name} to the sale` });
      await expect(add).toBeVisible({ timeout: 30_000 });
      await add.click();
      await expect(
        basket.getByRole('button', { name: `Remove ${product.name} from the sale` }),
      ).toBeVisible();
    }
    await check('basket with two lines');

    await page.getByRole('button', { name: 'Place sale' }).click();
    await expect(page).toHaveURL(/\/hardware\/sales\/.+/);
    await expect(page.getByRole('heading', { name: 'Sale', level: 1 })).toBeVisible();
    // Measured as the clerk reads it once the server has numbered it.
    await expect(page.getByTestId('sale-status')).toHaveText('Confirmed', { timeout: 30_000 });
    await check('sale page');

    expect(problems, JSON.stringify(problems, null, 2)).toEqual([]);
  });

  test('the printing staff screens are touch-sized too', async ({ page, createUser, signIn }) => {
    const printer = await createUser({ category: 'printing' });
    await signIn(page, printer.email, printer.password);
    const problems: TouchProblem[] = [];
    const check = async (screen: string) =>
      problems.push(...(await undersizedControls(page, screen)));

    await page.goto('/printing');
    await expect(page.getByRole('heading', { name: 'Submit Print Work' })).toBeVisible();
    await check('printing submit work');
    await page
      .getByRole('navigation', { name: 'Printing navigation' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check('printing orders');

    expect(problems, JSON.stringify(problems, null, 2)).toEqual([]);
  });

  test('the godown staff home is touch-sized too', async ({
    page,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    const response = await fetch(`${server.url}/api/v1/godown/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        name: 'Touch Sack',
        price: 3000,
        quantity: 40,
        location: 'Deck 1',
        description: 'A sack for the touch test',
      }),
    });
    expect(response.ok).toBe(true);
    const created = (await response.json()) as { _id?: string; product?: { _id: string } };
    const sack = created._id ?? created.product?._id ?? '';
    // Part of it moved to another deck: its product page links to the other location.
    const moved = await fetch(`${server.url}/api/v1/godown/inventory-movement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        productId: sack,
        transferQuantity: 10,
        origin: 'Deck 1',
        destination: 'Deck 2',
        reason: '',
      }),
    });
    expect(moved.status).toBe(201);
    const storeman = await createUser({ category: 'godown' });
    await signIn(page, storeman.email, storeman.password);
    const problems: TouchProblem[] = [];
    const check = async (screen: string) =>
      problems.push(...(await undersizedControls(page, screen)));
    await page.goto('/godown');
    // Other specs may have filled godown: any product row will do (this one may be on page 2).
    await expect(page.getByRole('heading', { name: 'Godown Products' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Place Order/ }).first()).toBeVisible({
      timeout: 30_000,
    });
    // The header stays one line at 800 px, and the sync status keeps its words.
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height ?? 0).toBeLessThan(2 * minimum);
    await expect(header.getByText(/^Synced/).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check('godown home');
    await page.goto(`/godown/products/${sack}`);
    await expect(page.getByRole('link', { name: 'Deck 2 (10)' })).toBeVisible();
    await check('godown product with other locations');
    await page.goto('/godown/counts');
    await expect(page.getByRole('heading', { name: 'Stock counts', level: 1 })).toBeVisible();
    await check('stock counts');
    await page.getByLabel('Location').selectOption('Deck 1');
    await page.getByRole('button', { name: 'Start count' }).click();
    await expect(page.getByRole('button', { name: 'Submit count' })).toBeVisible({
      timeout: 30_000,
    });
    await check('counting sheet');
    await page.goto('/godown/deliveries/new');
    await expect(page.getByRole('heading', { name: 'Book a delivery', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add a new product' }).click();
    await check('book a delivery');
    // Kiswahili's words are longer; the header still fits on one line.
    await header.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(header.getByText(/^Imesawazishwa/).first()).toBeVisible();
    expect((await header.boundingBox())?.height ?? 0).toBeLessThan(2 * minimum);

    expect(problems, JSON.stringify(problems, null, 2)).toEqual([]);
  });
});

test.describe('tables on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the signed-in header fits the phone’s width in both languages (no sideways scrolling)', async ({
    page,
    createUser,
    signIn,
  }) => {
    const clerk = await createUser({ category: 'godown' });
    await signIn(page, clerk.email, clerk.password);
    await page.goto('/godown/counts');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /sync status/i })).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await header.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test('the manage table turns into cards with every field and both actions on screen', async ({
    page,
    server,
    adminToken,
    signInAsNewAdmin,
  }) => {
    await createProduct(server.url, adminToken, 'hardware', {
      name: 'Phone Chisel',
      description: 'A chisel for the phone test',
      price: 4_000,
      quantity: 12,
    });
    await signInAsNewAdmin(page);
    await page.goto('/hardware/admin/manage');
    await page
      .getByLabel(/search/i)
      .first()
      .fill('Phone Chisel');
    const row = page.getByRole('row').filter({ hasText: 'Phone Chisel' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    for (const action of [/^Edit/, /^Delete/]) {
      const button = row.getByRole('button', { name: action });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box, `${String(action)} has a box`).not.toBeNull();
      // Inside the phone's width: reachable without scrolling the table sideways.
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    // Each value carries its column's name, as the hidden header would have said.
    const labels = await row
      .locator('td')
      .evaluateAll((cells) =>
        cells.map((cell) => getComputedStyle(cell, '::before').content.replaceAll('"', '')),
      );
    expect(labels).toContain('Quantity');
  });
});
