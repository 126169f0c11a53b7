import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

/**
 * The language from the first screen (issue 26 item 5): a device that was shown the Kiswahili
 * site, or whose browser prefers Kiswahili, gets /login and the 404 page in Kiswahili even when
 * the address is typed; an English browser that never saw the site gets English; a choice made on
 * any screen holds on every screen. Each test opens its own context with the browser locale it
 * needs (Chromium reports it as navigator.languages).
 */

interface Seen {
  /** Every <html lang> value, in order (index.html's own first). */
  langs: string[];
  /** Every level-1 heading shown, as '<html lang>|text' at the moment it was seen. */
  headings: string[];
}

/**
 * Records every <html lang> value and level-1 heading the page ever shows, from before its first
 * script, so a test can tell that no English appeared even for a moment.
 */
async function recordFirstScreens(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen = { langs: [] as string[], headings: [] as string[] };
    Object.assign(window, { __seen: seen });
    const note = (): void => {
      const lang = document.documentElement?.getAttribute('lang');
      if (lang !== null && lang !== undefined && seen.langs.at(-1) !== lang) seen.langs.push(lang);
      for (const heading of document.querySelectorAll('h1')) {
        // index.html's static copy of the home page is in every page, hidden but on '/'.
        if (heading.getClientRects().length === 0) continue;
        const text = heading.textContent?.trim() ?? '';
        const shown = `${lang ?? ''}|${text}`;
        if (text && !seen.headings.includes(shown)) seen.headings.push(shown);
      }
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['lang'],
    });
    note();
  });
}

async function seenOn(page: Page): Promise<Seen> {
  return page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
}

async function newContext(
  browser: Browser,
  baseURL: string,
  locale: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, baseURL });
  await recordFirstScreens(context);
  return { context, page: await context.newPage() };
}

const loginButton = (page: Page, name: RegExp) =>
  page.locator('main').getByRole('button', { name });

async function expectKiswahiliLogin(page: Page): Promise<void> {
  await expect(loginButton(page, /^ingia$/i)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const seen = await seenOn(page);
  expect(seen.langs, 'every <html lang> this page showed').toEqual(['sw']);
  expect(seen.headings).toEqual(['sw|Ingia']);
}

async function expectKiswahiliNotFound(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ukurasa haukupatikana');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const seen = await seenOn(page);
  expect(seen.langs, 'every <html lang> this page showed').toEqual(['sw']);
  expect(seen.headings).toEqual(['sw|Ukurasa haukupatikana']);
}

test.describe('the language from the first screen', () => {
  test('an English browser that saw the Kiswahili site gets /login and the 404 page in Kiswahili when it types their address', async ({
    browser,
    server,
  }) => {
    const { context, page } = await newContext(browser, server.url, 'en-US');
    try {
      expect(await page.evaluate(() => navigator.languages[0])).toBe('en-US');
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Kila kitu biashara yako inachohitaji, mahali pamoja',
      );
      // Seeing the site is not a choice: nothing is stored under 'lang'.
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();

      await page.goto('/login');
      await expectKiswahiliLogin(page);
      await page.goto('/no-such-page');
      await expectKiswahiliNotFound(page);

      // A new tab of the same device (a later visit) starts in Kiswahili too.
      const later = await context.newPage();
      await later.goto('/login');
      await expectKiswahiliLogin(later);
    } finally {
      await context.close();
    }
  });

  test('a browser that prefers Kiswahili opens /login and the 404 page directly in Kiswahili', async ({
    browser,
    server,
  }) => {
    const { context, page } = await newContext(browser, server.url, 'sw-TZ');
    try {
      await page.goto('/login');
      await expectKiswahiliLogin(page);
      await page.goto('/no-such-page');
      await expectKiswahiliNotFound(page);
    } finally {
      await context.close();
    }
  });

  test('an English browser that never saw the site opens /login and the 404 page in English', async ({
    browser,
    server,
  }) => {
    const { context, page } = await newContext(browser, server.url, 'en-US');
    try {
      await page.goto('/login');
      await expect(loginButton(page, /^(login|sign in)$/i)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    } finally {
      await context.close();
    }
  });

  test('English chosen on the login page holds on the site, /login, the 404 page and another open tab', async ({
    browser,
    server,
  }) => {
    // Kiswahili by every other signal: the browser prefers it and the device saw the site.
    const { context, page } = await newContext(browser, server.url, 'sw-TZ');
    try {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
      const other = await context.newPage();
      await other.goto('/login');
      await expect(loginButton(other, /^ingia$/i)).toBeVisible();

      await page.goto('/login');
      await expect(loginButton(page, /^ingia$/i)).toBeVisible();
      await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
      await expect(loginButton(page, /^(login|sign in)$/i)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
      // The tab that was already open follows the choice.
      await expect(loginButton(other, /^(login|sign in)$/i)).toBeVisible();
      await expect(other.locator('html')).toHaveAttribute('lang', 'en');

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Everything your business needs, in one place',
      );
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.goto('/login');
      await expect(loginButton(page, /^(login|sign in)$/i)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // index.html says lang="sw" (for its static copy of the home page) until the entry script
      // sets the language, which happens before anything is shown.
      expect((await seenOn(page)).headings).toEqual(['en|Login']);
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');

      // And Kiswahili chosen on the site holds on /login just as well.
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Kiswahili' }).click();
      await page.goto('/login');
      await expectKiswahiliLogin(page);
    } finally {
      await context.close();
    }
  });
});
