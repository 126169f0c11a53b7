import { api } from './fixtures/api.ts';
import { uniqueName, type ProductJson } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Goods received in the godown (issue 25 item 3, decision 0037): the keeper books a delivery at
 * the door with the server unreachable while the tablet's Wi-Fi says online — a supplier added on
 * the spot, an existing product at its shelf and a new product — the stock rises on the tablet at
 * once, the delivery survives a reload, and back online it reaches the server exactly once and
 * shows its GRN number.
 */
interface DeliveryJson {
  _id: string;
  grnNumber: string;
  noteNumber: string;
  supplierName: string;
  lines: { productId: string; productName: string; quantity: number; createdProduct: boolean }[];
}

test('a delivery booked with the server down reaches it once and gets its GRN number', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const maize = await api<ProductJson>(server.url, adminToken, 'POST', 'godown/products', {
    // Names after 'GD Item …': godown-screens.spec expects its items on the home's first page.
    name: uniqueName('Received Maize'),
    description: 'Bags of maize',
    price: 85_000,
    quantity: 10,
    location: 'Deck A',
  });
  const supplierName = uniqueName('Azam Mills');
  const riceName = uniqueName('Received Rice');
  const noteNumber = uniqueName('DN');
  const keeper = await createUser({ category: 'godown' });
  await signIn(page, keeper.email, keeper.password);
  await waitForServiceWorker(page);
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'Godown navigation' })
    .getByRole('link', { name: 'Goods received', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Goods received', level: 1 })).toBeVisible();

  await server.stop();
  let serverRunning = false;
  try {
    await page.getByRole('link', { name: 'Book a delivery' }).click();
    await expect(page.getByRole('heading', { name: 'Book a delivery', level: 1 })).toBeVisible();

    // A supplier the godown has never had, added on the spot.
    await page.getByRole('button', { name: 'New supplier' }).click();
    await page.getByLabel('Supplier name').fill(supplierName);
    await page.getByRole('button', { name: 'Save supplier' }).click();
    await expect(page.getByLabel('Supplier', { exact: true })).toHaveValue(/.+/);
    await expect(page.getByLabel('Supplier', { exact: true }).locator('option:checked')).toHaveText(
      supplierName,
    );

    await page.getByLabel('Delivery note number').fill(noteNumber);
    const first = page.getByRole('group', { name: 'Line 1' });
    await first.getByLabel('Product', { exact: true }).selectOption(maize._id);
    await first.getByLabel('Quantity received').fill('25');
    // A carton whose barcode no product has: the scan (typed here, as a wedge scanner types it)
    // starts a new-product line with the code.
    const barcode = `9${Date.now()}`;
    await page.getByRole('textbox', { name: 'Find by barcode' }).fill(barcode);
    await page.getByRole('textbox', { name: 'Find by barcode' }).press('Enter');
    const second = page.getByRole('group', { name: 'New product 2' });
    await expect(second.getByLabel('Barcode (optional)')).toHaveValue(barcode);
    await second.getByLabel('Product Name').fill(riceName);
    await second.getByLabel('Description').fill('Rice, 25 kg bags');
    await second.getByLabel('Price').fill('45000');
    await second.getByLabel('Location').fill('Store 2');
    await second.getByLabel('Quantity received').fill('40');
    await page.getByRole('button', { name: 'Book delivery' }).click();

    await expect(page).toHaveURL(/\/godown\/deliveries\/[0-9a-f-]{36}$/);
    const deliveryId = page.url().split('/').pop() ?? '';
    await expect(
      page.getByRole('heading', { name: 'Delivery (waiting to sync)', level: 1 }),
    ).toBeVisible();
    await expect(syncIndicator(page)).toHaveAccessibleName(/2 waiting to sync/);

    // The stock rose on the tablet at once, and everything survives a reload.
    await page.reload();
    await expect(page.getByText(supplierName)).toBeVisible();
    await page.goto(`/godown/products/${maize._id}`);
    await expect(page.getByRole('heading', { name: maize.name, level: 1 })).toBeVisible();
    // Stock: 10 + 25 received.
    await expect(page.getByRole('main')).toContainText(/Available stock\s*35(?!\d)/);

    await server.start();
    serverRunning = true;
    await syncIndicator(page).click();
    const panel = page.getByRole('dialog').filter({ hasText: 'Sync now' });
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });
    await page.keyboard.press('Escape');

    // On the server exactly once, with both lines; the tablet shows the GRN number.
    const held = await api<DeliveryJson[]>(server.url, adminToken, 'GET', 'godown/deliveries');
    const mine = held.filter((delivery) => delivery.noteNumber === noteNumber);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ _id: deliveryId, supplierName });
    expect(
      mine[0]?.lines.map((line) => [line.productName, line.quantity, line.createdProduct]),
    ).toEqual([
      [maize.name, 25, false],
      [riceName, 40, true],
    ]);
    const products = await api<(ProductJson & { location: string })[]>(
      server.url,
      adminToken,
      'GET',
      'godown/products',
    );
    expect(products.find((each) => each._id === maize._id)?.quantity).toBe(35);
    expect(products.filter((each) => each.name === riceName)).toMatchObject([
      { quantity: 40, location: 'Store 2', barcode },
    ]);

    await page.goto(`/godown/deliveries/${deliveryId}`);
    await expect(
      page.getByRole('heading', { name: `Delivery ${mine[0]?.grnNumber ?? ''}`, level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('grn-number')).toHaveText(/^GRN-\d{6}$/);
  } finally {
    if (!serverRunning) await server.start();
  }
});
