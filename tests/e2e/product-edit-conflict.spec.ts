import type { Browser, Page } from '@playwright/test';
import { createProduct, uniqueName } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { expect, test, type ApiUser } from './fixtures/test.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';

/**
 * Two tablets of one hardware admin edit the same product while both are offline (issue 28 item
 * 6, decision 0025). The second to come back must not silently overwrite the first: a price both
 * changed is refused and shown with both values until the admin chooses, while edits of
 * different fields merge. Each test makes its own product (other suites share the server).
 */

interface ProductJson {
  _id: string;
  name: string;
  price: number;
  version: number;
}

async function serverProduct(baseUrl: string, token: string, id: string): Promise<ProductJson> {
  const response = await fetch(`${baseUrl}/api/v1/hardware/products/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET product failed: ${response.status}`);
  return (await response.json()) as ProductJson;
}

/** The product as this tablet's mirror (IndexedDB 'tz-trading') holds it. */
async function mirroredProduct(page: Page, id: string): Promise<ProductJson | undefined> {
  return page.evaluate(
    (key) =>
      new Promise<ProductJson | undefined>((resolve, reject) => {
        const open = indexedDB.open('tz-trading');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const database = open.result;
          const request = database.transaction('products').objectStore('products').get(key);
          request.onsuccess = () => {
            database.close();
            resolve(request.result as ProductJson | undefined);
          };
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        };
      }),
    id,
  );
}

/** A tablet: its own browser context, signed in as `admin`, on the manage screen for `name`. */
async function openTablet(
  browser: Browser,
  baseURL: string,
  admin: ApiUser,
  signIn: (page: Page, email: string, password: string) => Promise<void>,
  name: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, admin.email, admin.password);
  await waitForServiceWorker(page);
  await page.goto('/hardware/admin/manage');
  await page.getByLabel('Search by name').fill(name);
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  return page;
}

/** The edit form's price and name boxes, by their role and label. */
const priceBox = { role: 'spinbutton', name: 'Price (Tsh)' } as const;
const nameBox = { role: 'textbox', name: 'Product Name' } as const;

/** Offline, opens the edit dialog, changes one field and saves: the edit waits in the outbox. */
async function editOffline(
  page: Page,
  product: string,
  field: typeof priceBox | typeof nameBox,
  value: string,
) {
  await page.getByRole('button', { name: `Edit ${product}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await dialog.getByRole(field.role, { name: field.name, exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(syncIndicator(page)).toHaveAccessibleName(/1 waiting to sync/);
}

/** Until the tablet's mirror shows `expected` (a focus starts a round that pulls). */
async function expectMirror(page: Page, id: string, expected: Partial<ProductJson>) {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect(await mirroredProduct(page, id)).toMatchObject(expected);
  }).toPass({ timeout: 30_000 });
}

test.describe('one product edited on two offline tablets', () => {
  test('the same price changed on both is refused on the second with both values, and Apply mine again makes it win on both tablets', async ({
    browser,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    const product = await createProduct(server.url, adminToken, 'hardware', {
      name: uniqueName('Conflict Chisel'),
      description: 'Made by the edit conflict test',
      price: 30_000,
      quantity: 10,
    });
    const admin = await createUser({ role: 'admin', category: 'hardware' });
    const [first, second] = await Promise.all([
      openTablet(browser, server.url, admin, signIn, product.name),
      openTablet(browser, server.url, admin, signIn, product.name),
    ]);

    await first.context().setOffline(true);
    await second.context().setOffline(true);
    await editOffline(first, product.name, priceBox, '31000');
    await editOffline(second, product.name, priceBox, '32000');

    await first.context().setOffline(false);
    await expect(syncIndicator(first)).toHaveAccessibleName(syncedStatus);
    expect(await serverProduct(server.url, adminToken, product._id)).toMatchObject({
      price: 31_000,
    });

    // The second comes back: its price is refused, not applied over the first's.
    await second.context().setOffline(false);
    await expect(syncIndicator(second)).toHaveAccessibleName(
      'Sync status: Needs attention · 1 failed',
    );
    const refused = second.getByRole('region', { name: 'Refused — needs your decision' });
    await expect(
      refused.getByText(
        'Someone else changed this product since you opened it. Choose which values to keep.',
      ),
    ).toBeVisible();
    const values = refused.getByTestId('edit-conflict');
    await expect(values.getByText('Price', { exact: true })).toBeVisible();
    await expect(values.getByText('On the server now: Tsh 31,000')).toBeVisible();
    await expect(values.getByText('Yours: Tsh 32,000')).toBeVisible();
    expect(await serverProduct(server.url, adminToken, product._id)).toMatchObject({
      price: 31_000,
    });

    await refused.getByRole('button', { name: 'Apply mine again' }).click();
    await expect(refused).toBeHidden();
    await expect(syncIndicator(second)).toHaveAccessibleName(syncedStatus);
    expect(await serverProduct(server.url, adminToken, product._id)).toMatchObject({
      price: 32_000,
    });
    await expectMirror(second, product._id, { price: 32_000 });
    await expectMirror(first, product._id, { price: 32_000 });
    await first.context().close();
    await second.context().close();
  });

  test('a price changed on one tablet and the name on the other both arrive, with nothing refused', async ({
    browser,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    const product = await createProduct(server.url, adminToken, 'hardware', {
      name: uniqueName('Merge Mallet'),
      description: 'Made by the edit conflict test',
      price: 20_000,
      quantity: 10,
    });
    const renamed = `${product.name} Pro`;
    const admin = await createUser({ role: 'admin', category: 'hardware' });
    const [first, second] = await Promise.all([
      openTablet(browser, server.url, admin, signIn, product.name),
      openTablet(browser, server.url, admin, signIn, product.name),
    ]);

    await first.context().setOffline(true);
    await second.context().setOffline(true);
    await editOffline(first, product.name, priceBox, '21000');
    await editOffline(second, product.name, nameBox, renamed);

    await first.context().setOffline(false);
    await expect(syncIndicator(first)).toHaveAccessibleName(syncedStatus);
    await second.context().setOffline(false);
    await expect(syncIndicator(second)).toHaveAccessibleName(syncedStatus);
    await expect(second.getByRole('region', { name: 'Refused — needs your decision' })).toHaveCount(
      0,
    );

    expect(await serverProduct(server.url, adminToken, product._id)).toMatchObject({
      name: renamed,
      price: 21_000,
    });
    await expectMirror(first, product._id, { name: renamed, price: 21_000 });
    await expectMirror(second, product._id, { name: renamed, price: 21_000 });
    await first.context().close();
    await second.context().close();
  });
});
