import { createProduct } from './fixtures/catalog-api.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * 'Find by barcode' on a department home (issue 15 item 1) as a clerk with a keyboard-wedge
 * scanner meets it (the scanner types the code and Enter): with the server stopped and the
 * tablet's Wi-Fi up, a known code opens its product and an unknown one says so, from the mirror.
 */
test('a scanned barcode opens its product with the server down, an unknown one says so', async ({
  page,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  const stamp = Date.now();
  const drill = await createProduct(server.url, adminToken, 'hardware', {
    name: `Scan drill ${stamp}`,
    description: 'A drill with a barcode',
    price: 95_000,
    quantity: 4,
    barcode: `SD-${stamp}`,
  });

  const clerk = await createUser({ category: 'hardware' });
  await signIn(page, clerk.email, clerk.password);
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await waitForServiceWorker(page);

  await server.stop();
  try {
    const field = page.getByRole('textbox', { name: 'Find by barcode' });
    await field.fill(`SD-${stamp}`);
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/hardware/products/${drill._id}$`));
    await expect(page.getByRole('heading', { name: `Scan drill ${stamp}` })).toBeVisible();

    await page.goBack();
    await field.fill(`NO-${stamp}`);
    await field.press('Enter');
    await expect(
      page.getByRole('alert').filter({ hasText: 'No product with this barcode' }),
    ).toHaveText(`No product with this barcode: NO-${stamp}`);
    await expect(page).toHaveURL(/\/hardware$/);
    // The field keeps focus, so the next scan goes straight in.
    await expect(field).toBeFocused();

    // On the order screen a scan chooses the product.
    await page.goto('/hardware/order-item');
    const orderField = page.getByRole('textbox', { name: 'Find by barcode' });
    await orderField.fill(`SD-${stamp}`);
    await orderField.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue(drill._id);
  } finally {
    await server.start();
  }
});

test('a scan on the godown move list opens that product’s transfer form, with the server down', async ({
  page,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  const stamp = Date.now();
  // Godown products are created as JSON (no image), with a location.
  const response = await fetch(`${server.url}/api/v1/godown/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      name: `Scan sacks ${stamp}`,
      description: 'Sacks with a barcode',
      price: 30_000,
      quantity: 40,
      location: 'Main Store',
      barcode: `GS-${stamp}`,
    }),
  });
  expect(response.status).toBe(201);
  const created = (await response.json()) as { _id?: string; product?: { _id: string } };
  const sacksId = created._id ?? created.product?._id ?? '';

  await signInAsNewAdmin(page);
  await page.goto('/godown/admin/move');
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  // The transfer form's chunk comes from the precache once the service worker controls the page.
  await waitForServiceWorker(page);

  await server.stop();
  try {
    const search = page.getByLabel('Search products or scan a barcode');
    await search.fill(`GS-${stamp}`);
    await expect(page.getByTestId('inventory-row')).toHaveCount(1);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/godown/admin/move/${sacksId}$`));
  } finally {
    await server.start();
  }
});
