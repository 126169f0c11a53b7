import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

interface GodownProduct {
  name: string;
  price: number;
  quantity: number;
  location: string;
  description: string;
}

/** Godown creates products by JSON (spec section 7), without an image. */
async function createGodownProduct(
  baseUrl: string,
  token: string,
  product: GodownProduct,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/godown/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(product),
  });
  if (!response.ok)
    throw new Error(`Create product failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { _id?: string; product?: { _id: string } };
  return body._id ?? body.product?._id ?? '';
}

/** How many godown products the server holds (other specs of this worker may add some). */
async function godownProductCount(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/godown/products`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as unknown[]).length;
}

/** A sync round from the status indicator; the assertions that follow wait for its data. */
async function syncNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: /sync status/i }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await page.keyboard.press('Escape');
}

/** The list item of the home row that shows `name`. */
function homeRow(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
}

// Twelve products: the home list and the manage table page at ten. Quantities 3, 8 and 40 show
// 'Out of Stock' (under 6), the 'low stock' condition and the 'new' condition.
const products: GodownProduct[] = Array.from({ length: 12 }, (_, index) => ({
  name: `GD Item ${String(index + 1).padStart(2, '0')}`,
  price: 1000 + index * 100,
  quantity: [3, 8, 40][index % 3] as number,
  location: `Deck ${index + 1}`,
  description: `Godown item ${index + 1}`,
}));
const ids = new Map<string, string>();

test.describe('godown department screens', () => {
  test.beforeAll(async ({ server, adminToken }) => {
    for (const product of products) {
      ids.set(product.name, await createGodownProduct(server.url, adminToken, product));
    }
  });

  test('an employee sees the home as a list of ten rows with location and condition', async ({
    page,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    const total = await godownProductCount(server.url, adminToken);
    const user = await createUser({ category: 'godown' });
    await signIn(page, user.email, user.password);
    await page.goto('/godown');
    await syncNow(page);
    await expect(page.getByRole('heading', { name: 'Godown Products', level: 1 })).toBeVisible();
    await expect(page.getByText(`Products: ${total}`)).toBeVisible();
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Place Order: / })).toHaveCount(10);

    const low = homeRow(page, 'GD Item 02');
    await expect(low.getByText('Deck 2')).toBeVisible();
    await expect(low.getByText('Tsh 1,100')).toBeVisible();
    // One word for stock and condition: the condition, or 'Out of Stock' under 6; no 'In Stock'.
    await expect(low.getByText('low stock')).toBeVisible();
    await expect(low.getByText('In Stock')).toHaveCount(0);
    const out = homeRow(page, 'GD Item 01');
    await expect(out.getByText('Out of Stock')).toBeVisible();
    await expect(out.getByText('low stock')).toHaveCount(0);
    await expect(homeRow(page, 'GD Item 03').getByText('new', { exact: true })).toBeVisible();

    // The condition follows the UI language.
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(low.getByText('zimebaki chache')).toBeVisible();
    await expect(low.getByText('low stock')).toHaveCount(0);
    await expect(homeRow(page, 'GD Item 03').getByText('mpya')).toBeVisible();
    await expect(out.getByText('Imeisha stoo')).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();

    await page.getByLabel('Search products').fill('item 11');
    await expect(page.getByRole('link', { name: /^Place Order: / })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'GD Item 11' })).toBeVisible();
  });

  test("a row's Place Order link opens the order screen with that product chosen", async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ category: 'godown' });
    await signIn(page, user.email, user.password);
    await page.goto('/godown');
    await syncNow(page);
    await page.getByLabel('Search products').fill('GD Item 06');
    await page.getByRole('link', { name: 'Place Order: GD Item 06' }).click();

    await expect(page).toHaveURL(/\/godown\/order-item\?product=/);
    await expect(page.getByLabel('Product')).toHaveValue(ids.get('GD Item 06') ?? '');
    // The option names the location too; the details card shows it alone.
    await expect(page.getByText('Deck 6', { exact: true })).toBeVisible();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Continue Ordering' }).click();

    await syncNow(page);
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    const row = page.getByRole('row', { name: /GD Item 06/ });
    await expect(row.getByText('2 units')).toBeVisible();
    await expect(row.getByText('Tsh 3,000')).toBeVisible();
    // The order keeps the product's name; where it is kept comes from the mirror.
    await expect(row.getByText('Location: Deck 6')).toBeVisible();
  });

  test('an admin manages godown products in a table of ten with Location and Condition', async ({
    page,
    server,
    adminToken,
    signInAsNewAdmin,
  }) => {
    const total = await godownProductCount(server.url, adminToken);
    await signInAsNewAdmin(page);
    await page.goto('/godown/admin/manage');
    await syncNow(page);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Location' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Condition' })).toBeVisible();
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();
    // Ten product rows under the header row.
    await expect(table.getByRole('row')).toHaveCount(11);

    await page.getByLabel('Search by name').fill('GD Item 05');
    const row = table.getByRole('row', { name: /GD Item 05/ });
    await expect(row.getByRole('cell', { name: 'Deck 5', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'low stock', exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Edit GD Item 05' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Description is too long')).toBeVisible();
    await dialog.getByLabel('Location').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Location is required')).toBeVisible();

    await dialog.getByLabel('Description').fill('Moved to the upper deck');
    await dialog.getByLabel('Location').fill('Upper deck');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully!')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Upper deck', exact: true })).toBeVisible();
  });

  test('one article at two locations: the order screen groups them with location and stock, the product page links each to the other', async ({
    page,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    // A transfer to a location that does not hold the product creates one of the same name there.
    const name = `Maize bags ${Date.now()}`;
    const mainId = await createGodownProduct(server.url, adminToken, {
      name,
      price: 85_000,
      quantity: 20,
      location: 'Main Store',
      description: '50 kg bags',
    });
    const moved = await fetch(`${server.url}/api/v1/godown/inventory-movement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        productId: mainId,
        transferQuantity: 7,
        origin: 'Main Store',
        destination: 'Deck A',
        reason: 'To the deck',
      }),
    });
    expect(moved.status).toBe(201);
    const deckId = ((await moved.json()) as { destination: { _id: string } }).destination._id;

    const user = await createUser({ category: 'godown' });
    await signIn(page, user.email, user.password);
    await page.goto('/godown/order-item');
    await syncNow(page);
    const select = page.getByLabel('Product');
    const group = select.locator('optgroup', { has: page.locator(`option[value="${deckId}"]`) });
    await expect(group).toHaveAttribute('label', name);
    await expect(group.locator('option')).toHaveText([
      `${name} — Deck A — 7 in stock — Tsh 85,000`,
      `${name} — Main Store — 13 in stock — Tsh 85,000`,
    ]);
    await select.selectOption({ label: `${name} — Deck A — 7 in stock — Tsh 85,000` });
    await expect(select).toHaveValue(deckId);

    await page.goto(`/godown/products/${mainId}`);
    const alsoAt = page.getByTestId('also-at');
    await expect(alsoAt).toContainText('Also at:');
    await alsoAt.getByRole('link', { name: 'Deck A (7)' }).click();
    await expect(page).toHaveURL(new RegExp(`/godown/products/${deckId}$`));
    await expect(page.getByTestId('also-at').getByRole('link')).toHaveText(['Main Store (13)']);

    // The home list shows the two rows together, each saying the article is at two locations.
    await page.goto('/godown');
    await page.getByLabel('Search products').fill(name);
    const rows = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(rows).toHaveCount(2);
    await expect(rows.getByText('2 locations')).toHaveCount(2);

    // The search finds what is on a shelf by the shelf's name too.
    await expect(page.getByLabel('Search products')).toHaveAttribute(
      'placeholder',
      'Search by name or location',
    );
    await page.getByLabel('Search products').fill('deck a');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Deck A');
  });
});
