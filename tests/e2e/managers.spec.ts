import { expect, test } from './fixtures/test.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';

/**
 * A department's manager (issue 25 item 4, docs/decisions/0038): lands on their department,
 * reaches its admin screens and its staff, and is kept out of other departments and the company
 * portal.
 */
test.describe('department managers', () => {
  test('a manager lands on their department, manages its products and its staff', async ({
    page,
    createUser,
    signIn,
  }) => {
    const colleague = await createUser({ category: 'hardware' });
    const outsider = await createUser({ category: 'godown' });
    const manager = await createUser({ role: 'manager', category: 'hardware' });
    await signIn(page, manager.email, manager.password);
    await expect(page).toHaveURL(/\/hardware$/);

    await page.goto('/hardware/admin/manage');
    await expect(page).toHaveURL(/\/hardware\/admin\/manage$/);
    await expect(page.getByRole('heading', { name: /Manage .* Products/ })).toBeVisible();

    await page.goto('/hardware/admin/users');
    await expect(page).toHaveURL(/\/hardware\/admin\/users$/);
    // The suite's server holds many hardware users by now: find the colleague by e-mail, not
    // on the first page (this failed in the whole suite, though it passed alone).
    await page.getByRole('searchbox').fill(colleague.email);
    await expect(page.getByText(colleague.email)).toBeVisible();
    // Only their department's employees: the server never sends another department's users.
    await page.getByRole('searchbox').fill(outsider.email);
    await expect(page.getByText(outsider.email)).toHaveCount(0);

    await page
      .getByRole('link', { name: /create/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/hardware\/admin\/users\/create$/);
    // The form offers only what a manager may give: an employee of their own department.
    await expect(page.locator('select[name="role"] option')).toHaveCount(1);
    await expect(page.locator('select[name="category"] option')).toHaveCount(1);
    await expect(page.locator('select[name="category"]')).toHaveValue('hardware');
  });

  test('a manager is turned away from another department and from the company portal', async ({
    page,
    createUser,
    signIn,
  }) => {
    const manager = await createUser({ role: 'manager', category: 'hardware' });
    await signIn(page, manager.email, manager.password);
    for (const path of [
      '/godown',
      '/godown/admin/manage',
      '/admin',
      '/admin/users',
      '/admin/settings',
      '/admin/support',
    ]) {
      await page.goto(path);
      await expect(page, `after opening ${path}`).toHaveURL(/\/hardware$/);
    }
  });

  test('with the server down a manager keeps the department screens, and Staff says it needs the server', async ({
    page,
    server,
    createUser,
    signIn,
  }) => {
    const manager = await createUser({ role: 'manager', category: 'hardware' });
    await signIn(page, manager.email, manager.password);
    await waitForServiceWorker(page);
    // The first sync of a new sign-in: allow for a busy machine.
    await expect(page.getByRole('button', { name: /Sync status: Synced/ })).toBeVisible({
      timeout: 30_000,
    });

    await server.stop();
    try {
      // The department's screens are precached: Orders opens offline.
      await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/Orders/);
      // Staff is online-only and its code is not on the tablet: a clear message, not 'Oops'.
      await page.getByRole('link', { name: 'Staff', exact: true }).click();
      await expect(
        page.getByRole('heading', { name: 'This screen needs the server', level: 1 }),
      ).toBeVisible({ timeout: 20_000 });
    } finally {
      await server.start();
    }
  });
});
