import { departmentIds } from '../../domain/departments.ts';
import { adminEmail, expect, test } from './fixtures/test.ts';

test.describe('sign-in and route guard', () => {
  for (const category of departmentIds) {
    test(`an employee of ${category} lands on /${category} after login`, async ({
      page,
      createUser,
      signIn,
    }) => {
      const user = await createUser({ category });
      await signIn(page, user.email, user.password);
      await expect(page).toHaveURL(new RegExp(`/${category}$`));
      await expect(page.getByText(user.email)).toBeVisible();
    });
  }

  test('a signed-out visitor opening a department is sent to /login', async ({ page }) => {
    await page.goto('/hardware');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an employee typing another department or an admin URL is kept in their department', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ category: 'hardware' });
    await signIn(page, user.email, user.password);
    for (const path of ['/godown', '/fresh-oil/orders', '/admin', '/hardware/admin/upload']) {
      await page.goto(path);
      await expect(page, `after opening ${path}`).toHaveURL(/\/hardware$/);
    }
  });

  test('an admin lands in the admin portal, sees every department and the Admin link, and may open them', async ({
    page,
    signInAsNewAdmin,
  }) => {
    await signInAsNewAdmin(page);
    // The admin's category is hardware; an admin still lands on /admin (README), staff at home.
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
    await page.goto('/godown');
    await expect(page).toHaveURL(/\/godown$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('login shows the validation messages and the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await page.getByLabel(/email/i).fill('not-an-email');
    await page.getByLabel(/password/i).fill('123');
    await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
    await expect(page.getByText('Invalid email format.')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
    await page.getByLabel(/email/i).fill(adminEmail);
    await page.getByLabel(/password/i).fill('wrong-password');
    await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('logout asks for confirmation; Cancel keeps the session and Logout ends it', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ category: 'stationery' });
    await signIn(page, user.email, user.password);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog.getByText('Confirm Logout')).toBeVisible();
    await expect(
      dialog.getByText(
        "Are you sure you want to log out? You'll need to sign in again to access your account.",
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/stationery$/);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/stationery');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no-such-page/here');
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.getByRole('link', { name: /home/i }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });
});
