import { createProduct } from './fixtures/catalog-api.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
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
  test.setTimeout(90_000);
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
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 15_000 });

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
  } finally {
    await server.start();
  }
});
