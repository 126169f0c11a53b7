import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

let counter = 0;
/** A unique e-mail per call, so tests sharing a worker's server never collide. */
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Opens /admin/users and narrows the table to one e-mail with the search box. */
async function searchUsers(page: Page, email: string): Promise<void> {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await page.getByLabel('Search by email').fill(email);
}

test.describe('admin user management', () => {
  test('an admin creates an employee of hardware, who then signs in to /hardware only', async ({
    page,
    browser,
    server,
    signInAsNewAdmin,
    signIn,
  }) => {
    await signInAsNewAdmin(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByRole('link', { name: 'Create New User' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New User' })).toBeVisible();

    // The spec's defaults: role employee, category animal-feeding.
    await expect(page.getByLabel('Role')).toHaveValue('employee');
    await expect(page.getByLabel('Category')).toHaveValue('animal-feeding');

    const email = uniqueEmail('hardware-employee');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('password-123');
    await page.getByLabel('Category').selectOption('hardware');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users$/);

    await page.getByLabel('Search by email').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Employee', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Hardware', exact: true })).toBeVisible();

    // The new employee, in a browser of their own.
    const context = await browser.newContext({ baseURL: server.url });
    const employeePage = await context.newPage();
    await signIn(employeePage, email, 'password-123');
    await expect(employeePage).toHaveURL(/\/hardware$/);
    for (const path of ['/admin/users', '/admin/users/create', '/godown']) {
      await employeePage.goto(path);
      await expect(employeePage, `after opening ${path}`).toHaveURL(/\/hardware$/);
    }
    await context.close();
  });

  test('the create form shows its validation messages in order and keeps input on failure', async ({
    page,
    signInAsNewAdmin,
    createUser,
  }) => {
    await signInAsNewAdmin(page);
    await page.goto('/admin/users/create');
    const submit = page.getByRole('button', { name: 'Create User' });

    await submit.click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await submit.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Email is required', { exact: true })).toBeHidden();

    // The server's message for a taken e-mail; what was typed stays.
    const existing = await createUser({ category: 'godown' });
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password').fill('password-456');
    await page.getByLabel('Role').selectOption('other');
    await submit.click();
    await expect(page.getByRole('alert')).toContainText('A user with this email already exists');
    await expect(page.getByLabel('Email')).toHaveValue(existing.email);
    await expect(page.getByLabel('Password')).toHaveValue('password-456');
    await expect(page.getByLabel('Role')).toHaveValue('other');
    await expect(page).toHaveURL(/\/admin\/users\/create$/);

    // No network: a clear message, and still nothing lost.
    await page.route('**/api/v1/users/signup', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Email').fill(uniqueEmail('offline'));
    await submit.click();
    await expect(page.getByRole('alert')).toContainText('Network error. Please try again.');
    await expect(page.getByLabel('Password')).toHaveValue('password-456');
    await expect(submit).toBeEnabled();
  });

  test("an admin changes a user's category in the Edit User modal", async ({
    page,
    signInAsNewAdmin,
    createUser,
  }) => {
    const user = await createUser({ category: 'stationery' });
    await signInAsNewAdmin(page);
    await searchUsers(page, user.email);
    const row = page.getByRole('row').filter({ hasText: user.email });
    await expect(row.getByRole('cell', { name: 'Stationery', exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Edit ${user.email}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Edit User')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
    await expect(dialog.getByText('Leave blank to keep the current password.')).toBeVisible();
    await dialog.getByLabel('Category').selectOption('godown');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('User updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: 'Godown', exact: true })).toBeVisible();

    // Saved on the server: a fresh load shows it too, and the blank password kept the old one.
    await searchUsers(page, user.email);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: user.email })
        .getByRole('cell', { name: 'Godown', exact: true }),
    ).toBeVisible();
  });

  test('an admin who edits their own account stays signed in', async ({
    page,
    signInAsNewAdmin,
  }) => {
    const admin = await signInAsNewAdmin(page);
    await searchUsers(page, admin.email);
    const row = page.getByRole('row').filter({ hasText: admin.email });
    // Deleting yourself is not offered (the server refuses it too).
    await expect(row.getByRole('button', { name: `Delete ${admin.email}` })).toBeDisabled();

    await row.getByRole('button', { name: `Edit ${admin.email}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Category').selectOption('godown');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated successfully!')).toBeVisible();

    // The edit retired the old token; the fresh one from the answer keeps the admin signed in.
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByLabel('Search by email').fill(admin.email);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: admin.email })
        .getByRole('cell', { name: 'Godown', exact: true }),
    ).toBeVisible();
  });

  test('an admin deletes a user after confirming in the Delete User modal', async ({
    page,
    signInAsNewAdmin,
    createUser,
  }) => {
    const user = await createUser({ category: 'printing' });
    await signInAsNewAdmin(page);
    await searchUsers(page, user.email);
    const row = page.getByRole('row').filter({ hasText: user.email });

    await row.getByRole('button', { name: `Delete ${user.email}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Delete User')).toBeVisible();
    await expect(dialog.getByText(user.email)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${user.email}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully!')).toBeVisible();
    await expect(row).toBeHidden();
    await expect(page.getByText('No users found matching your search')).toBeVisible();

    await searchUsers(page, user.email);
    await expect(page.getByText('No users found matching your search')).toBeVisible();
  });

  test('the list pages at 10 users and explains a failed load', async ({
    page,
    signInAsNewAdmin,
    createUser,
  }) => {
    for (let index = 0; index < 11; index += 1) await createUser({ category: 'fresh-oil' });
    await signInAsNewAdmin(page);

    await page.route('**/api/v1/users', (route) => route.abort('internetdisconnected'));
    await page.goto('/admin/users');
    await expect(page.getByRole('alert')).toContainText(
      'Failed to fetch users: Network error. Please try again.',
    );
    await page.unroute('**/api/v1/users');
    await page.getByRole('button', { name: 'Try Again' }).click();

    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    // A header row plus exactly ten users on the first page.
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  });
});
