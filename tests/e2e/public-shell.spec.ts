import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

/** Names of the IndexedDB databases this origin holds. */
async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).map((database) => database.name ?? ''),
  );
}

/** Chakra's run-time styles are emotion <style> elements in <head>. */
async function chakraStyleCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('style[data-emotion]').length);
}

test.describe('public pages and the app shell', () => {
  test('an anonymous visit to the home page stores nothing and renders without Chakra', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    // The session read found no database, so it created none and loaded no Dexie.
    expect(await databaseNames(page)).toEqual([]);
    expect(await chakraStyleCount(page)).toBe(0);
  });

  test('the contact page opened directly shows its form in Swahili, without Chakra', async ({
    page,
  }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wasiliana nasi');
    await expect(page.getByRole('form', { name: 'Fomu ya mawasiliano' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    expect(await chakraStyleCount(page)).toBe(0);
  });

  test('a visitor goes from the home page to the login page by the nav bar and signs in', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ category: 'stationery' });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Ingia' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(/barua pepe|email/i).fill(user.email);
    await page.getByLabel(/nenosiri|password/i).fill(user.password);
    await page.getByRole('button', { name: /^(login|ingia)$/i }).click();
    await expect(page).toHaveURL(/\/stationery$/);
    await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();
  });

  test('a signed-in user on the home page sees the sync status and logs out from there', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ category: 'hardware' });
    await signIn(page, user.email, user.password);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /^Hali ya usawazishaji: / })).toBeVisible();
    await header.getByRole('button', { name: 'Toka' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: 'Toka' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(header.getByRole('link', { name: 'Ingia' })).toBeVisible();
  });

  test('the home page notices a sign-in made in another tab when it is shown again', async ({
    page,
    context,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ category: 'fresh-oil' });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Ingia' })).toBeVisible();

    const other = await context.newPage();
    await signIn(other, user.email, user.password);
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('the menu opens as a dialog, closes with Escape and its links navigate', async ({
      page,
    }) => {
      await page.goto('/');
      const menuButton = page.getByRole('button', { name: 'Fungua menyu' });
      await menuButton.click();
      const menu = page.getByRole('dialog', { name: 'Menyu' });
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();

      await menuButton.click();
      await menu.getByRole('link', { name: 'Wasiliana' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
