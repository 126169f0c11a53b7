import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createProduct } from './fixtures/catalog-api.ts';
import { expect, test } from './fixtures/test.ts';

const png = readFileSync(path.resolve(import.meta.dirname, '../../public/icons/icon-192.png'));

/**
 * Starts a sync round from the status indicator (pull the mirror, push the outbox). The
 * assertions that follow wait for the data the round brings.
 */
async function syncNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: /sync status/i }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await page.keyboard.press('Escape');
}

test.describe('hardware department screens', () => {
  test.beforeAll(async ({ server, adminToken }) => {
    // Seven products: the home grid pages at six.
    const names = ['Hammer', 'Cement', 'Nails', 'Pipe', 'Padlock', 'Spade', 'Wheelbarrow'];
    for (const [index, name] of names.entries()) {
      await createProduct(server.url, adminToken, 'hardware', {
        name: `E2E ${name}`,
        description: index === 0 ? 'Steel head with a rubber GRIP' : `${name} for building`,
        price: 12_500 + index * 1000,
        quantity: index === 4 ? 1 : 40,
      });
    }
  });

  test('the home grid searches name and description, pages at six and shows Tsh prices', async ({
    page,
    signInAsNewAdmin,
  }) => {
    await signInAsNewAdmin(page);
    await page.goto('/hardware');
    await syncNow(page);
    await expect(page.getByRole('heading', { name: 'Hardware Products' })).toBeVisible();
    // Other specs add hardware products to this server: page through this suite's seven only.
    await page.getByLabel('Search products').fill('E2E ');
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('link', { name: /^View details: / })).toHaveCount(6);
    await expect(page.getByText('Tsh 12,500')).toBeVisible();

    await page.getByLabel('Search products').fill('grip');
    await expect(page.getByRole('heading', { name: 'E2E Hammer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'E2E Cement' })).toBeHidden();

    await page.getByLabel('Search products').fill('no such thing');
    await expect(page.getByText('No products found matching your search')).toBeVisible();
  });

  test('an order placed from the product page appears in the orders list and its details', async ({
    page,
    signInAsNewAdmin,
  }) => {
    await signInAsNewAdmin(page);
    await page.goto('/hardware');
    await syncNow(page);
    await page.getByLabel('Search products').fill('E2E Hammer');
    await page.getByRole('link', { name: 'View details: E2E Hammer' }).click();

    const quantity = page.getByLabel('Quantity');
    await quantity.fill('999');
    await expect(page.getByText('Quantity exceeds available stock')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await quantity.fill('2');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    await expect(quantity).toHaveValue('1');

    await syncNow(page);
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    const row = page.getByRole('row', { name: /E2E Hammer/ });
    await expect(row.getByText('2 units')).toBeVisible();
    await expect(row.getByText('Tsh 25,000')).toBeVisible();
    await row.getByRole('link', { name: /Details/ }).click();
    await expect(page.getByText('Tsh 12,500')).toBeVisible();
    await expect(page.getByText('Tsh 25,000')).toBeVisible();
    await page.getByRole('link', { name: /Back to Orders/ }).click();
    await expect(page).toHaveURL(/\/hardware\/orders$/);
  });

  test('an admin edits and deletes an order', async ({ page, signInAsNewAdmin }) => {
    await signInAsNewAdmin(page);
    await page.goto('/hardware/order-item');
    await syncNow(page);
    await page.getByLabel('Product').selectOption({ label: 'E2E Cement — Tsh 13,500' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Continue Ordering' }).click();

    await page.goto('/hardware/orders');
    await page.getByRole('button', { name: 'Edit the order for E2E Cement' }).first().click();
    await page.getByRole('dialog').getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Order updated successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: /E2E Cement/ }).first()).toContainText('3 units');

    await page.getByRole('button', { name: 'Delete the order for E2E Cement' }).first().click();
    await expect(
      page.getByText('Are you sure you want to delete this order? This action cannot be undone.'),
    ).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Order deleted successfully')).toBeVisible();
  });

  test('unknown products and orders show the department not-found pages', async ({
    page,
    signInAsNewAdmin,
  }) => {
    await signInAsNewAdmin(page);
    await page.goto('/hardware/products/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: '404 - Product Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Hardware' }).click();
    await expect(page).toHaveURL(/\/hardware$/);
    await page.goto('/hardware/orders/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: '404: Order Not Found' })).toBeVisible();
    await expect(page.getByText('Order not found', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: /Back to Orders/ }).click();
    await expect(page).toHaveURL(/\/hardware\/orders$/);
  });

  test('the upload form checks its fields in the spec order', async ({
    page,
    signInAsNewAdmin,
  }) => {
    await signInAsNewAdmin(page);
    await page.goto('/hardware/admin/upload');
    const submit = page.getByRole('button', { name: 'Upload Product' });
    await submit.click();
    await expect(page.getByText('Product name is required.')).toBeVisible();
    await page.getByLabel('Product Name').fill('E2E Level');
    await submit.click();
    await expect(page.getByText('Description is required.')).toBeVisible();
    await page.getByLabel('Description').fill('Aluminium, 60 cm');
    await submit.click();
    await expect(page.getByText('Valid price is required.')).toBeVisible();
    await page.getByLabel('Price (Tsh)').fill('18000');
    await submit.click();
    await expect(page.getByText('Valid quantity is required.')).toBeVisible();
    await page.getByLabel('Quantity').fill('5');
    await submit.click();
    await expect(page.getByText('Product image is required.')).toBeVisible();
    await page.getByLabel('Product Image').setInputFiles({
      name: 'level.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await submit.click();
    await expect(page.getByText('Product Added Successfully!')).toBeVisible();
  });

  test('the manage page is titled from the descriptor and validates edits', async ({
    page,
    signInAsNewAdmin,
  }) => {
    await signInAsNewAdmin(page);
    await page.goto('/hardware/admin/manage');
    await syncNow(page);
    await expect(page.getByRole('heading', { name: 'Manage Hardware Products' })).toBeVisible();
    await page.getByLabel('Search by name').fill('E2E Spade');
    await page.getByRole('button', { name: 'Edit E2E Spade' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Price (Tsh)').fill('0');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Price must be greater than 0.')).toBeVisible();
    await dialog.getByLabel('Price (Tsh)').fill('20000');
    await expect(dialog.getByText('Price must be greater than 0.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully!')).toBeVisible();
    await page.getByLabel('Search by name').fill('nothing like this');
    await expect(page.getByText('No products found.')).toBeVisible();
  });

  test('an employee sees no admin links or order actions', async ({ page, createUser, signIn }) => {
    const user = await createUser({ category: 'hardware' });
    await signIn(page, user.email, user.password);
    await page.goto('/hardware/orders');
    const departmentNav = page.getByRole('navigation', { name: 'Hardware navigation' });
    await expect(departmentNav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(departmentNav.getByRole('link', { name: 'Upload' })).toHaveCount(0);
    await expect(departmentNav.getByRole('link', { name: 'Manage' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit the order/ })).toHaveCount(0);
  });
});
