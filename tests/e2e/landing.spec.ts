import type { Page } from '@playwright/test';
import type { ContactMessage } from '../../domain/contact.ts';
import { expect, test } from './fixtures/test.ts';

/** The slideshow's live status line reads 'Picha ya N kati ya 6: …'; returns N. */
async function currentSlide(page: Page): Promise<number> {
  const text = (await page.getByTestId('slideshow-status').textContent()) ?? '';
  const match = /Picha ya (\d+) kati ya (\d+)/.exec(text);
  if (!match) throw new Error(`Unexpected slideshow status: ${text}`);
  return Number(match[1]);
}

const slideAfter = (n: number) => (n % 6) + 1;

/** Advances the page's fake clock one second at a time until the slide changes (or gives up). */
async function advanceUntilSlideChanges(page: Page, from: number, maxMs = 6000): Promise<number> {
  for (let elapsed = 0; elapsed < maxMs; elapsed += 500) {
    await page.clock.runFor(500);
    const now = await currentSlide(page);
    if (now !== from) return now;
  }
  return from;
}

test.describe('public Swahili site', () => {
  test('the home page shows its sections in Swahili', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Kila kitu biashara yako inachohitaji, mahali pamoja',
    );
    await expect(page.getByRole('link', { name: 'Wasiliana nasi' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Picha za huduma zetu' })).toBeVisible();

    // Lazy sections mount as they approach the viewport.
    for (const [id, title] of [
      ['kuhusu', 'Kuhusu sisi'],
      ['huduma', 'Huduma zetu'],
      ['maoni', 'Wateja wetu wanasema'],
      ['mawasiliano', 'Wasiliana nasi'],
    ] as const) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    const services = page.locator('#huduma');
    for (const name of [
      'Ghala',
      'Vifaa vya Ofisi',
      'Chakula cha Mifugo',
      'Vifaa vya Ujenzi',
      'Uchapishaji',
      'Mafuta Safi',
    ]) {
      await expect(services.getByRole('heading', { level: 3, name })).toBeVisible();
    }
    await expect(page.getByRole('form', { name: 'Fomu ya mawasiliano' })).toBeVisible();

    const footer = page.locator('footer');
    await expect(footer.getByRole('heading', { name: 'Huduma' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Chakula cha Mifugo' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Kuhusu sisi' })).toBeVisible();
  });

  test('the hero contact button brings the contact form into view', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Wasiliana nasi' }).first().click();
    await expect(page).toHaveURL(/#mawasiliano$/);
    await expect(page.getByRole('form', { name: 'Fomu ya mawasiliano' })).toBeInViewport();
  });

  test('the slideshow advances every 3 s and pauses while the pointer is over it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const slideshow = page.getByRole('region', { name: 'Picha za huduma zetu' });
    await expect(slideshow).toHaveAttribute('data-rotating', 'true');
    // From here on the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 500);

    const first = await currentSlide(page);
    expect(await advanceUntilSlideChanges(page, first)).toBe(slideAfter(first));

    await slideshow.hover();
    await expect(slideshow).toHaveAttribute('data-rotating', 'false');
    const paused = await currentSlide(page);
    await page.clock.runFor(10_000);
    expect(await currentSlide(page)).toBe(paused);

    await page.mouse.move(5, 600);
    await expect(slideshow).toHaveAttribute('data-rotating', 'true');
    expect(await advanceUntilSlideChanges(page, paused)).toBe(slideAfter(paused));
  });

  test('the slideshow buttons and dots change the slide', async ({ page }) => {
    await page.goto('/');
    const slideshow = page.getByRole('region', { name: 'Picha za huduma zetu' });
    await slideshow.getByRole('button', { name: /^Onyesha picha ya 3:/ }).click();
    await expect(page.getByTestId('slideshow-status')).toContainText('Picha ya 3 kati ya 6');
    await expect(page.getByTestId('slideshow-status')).toHaveAttribute('aria-live', 'polite');
    await slideshow.getByRole('button', { name: 'Picha inayofuata' }).click();
    await expect(page.getByTestId('slideshow-status')).toContainText('Picha ya 4 kati ya 6');
    await slideshow.getByRole('button', { name: 'Picha iliyotangulia' }).click();
    await slideshow.getByRole('button', { name: 'Picha iliyotangulia' }).click();
    await expect(page.getByTestId('slideshow-status')).toContainText('Picha ya 2 kati ya 6');
  });

  test('the contact form validates, keeps the text on failure and stores a sent message for admins', async ({
    page,
    server,
    adminToken,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Fomu ya mawasiliano' });
    const send = form.getByRole('button', { name: 'Tuma ujumbe' });

    await send.click();
    await expect(form.getByText('Tafadhali andika jina lako.')).toBeVisible();
    await expect(
      form.getByText('Tafadhali andika barua pepe au namba yako ya simu.'),
    ).toBeVisible();
    await expect(form.getByText('Tafadhali andika ujumbe wako.')).toBeVisible();
    await expect(form.getByLabel('Jina lako')).toBeFocused();

    const message = `<b>Habari</b> naomba bei ya mafuta, lita 20 (${Date.now()})`;
    await form.getByLabel('Jina lako').fill('Asha Mussa');
    await form.getByLabel('Barua pepe au namba ya simu').fill('si namba');
    await form.getByLabel('Ujumbe').fill(message);
    await send.click();
    await expect(form.getByText('Andika barua pepe au namba ya simu iliyo sahihi.')).toBeVisible();
    await form.getByLabel('Barua pepe au namba ya simu').fill('0712 345 678');

    // The network fails: a clear message, and nothing the visitor typed is lost.
    await page.route('**/api/v1/contact', (route) => route.abort('internetdisconnected'));
    await send.click();
    await expect(form.getByRole('alert')).toContainText(
      'Imeshindikana kufikia seva. Angalia mtandao wako kisha ujaribu tena.',
    );
    await expect(form.getByLabel('Ujumbe')).toHaveValue(message);
    await expect(form.getByLabel('Jina lako')).toHaveValue('Asha Mussa');
    await page.unroute('**/api/v1/contact');

    await send.click();
    await expect(form.getByRole('status')).toContainText('Asante! Ujumbe wako umetumwa.');
    await expect(form.getByLabel('Ujumbe')).toHaveValue('');
    await expect(form.getByLabel('Jina lako')).toHaveValue('');

    const response = await fetch(`${server.url}/api/v1/contact`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    const stored = ((await response.json()) as ContactMessage[]).find(
      (item) => item.message === message,
    );
    expect(stored).toMatchObject({
      name: 'Asha Mussa',
      contact: '0712 345 678',
      contactKind: 'phone',
    });
    const anonymous = await fetch(`${server.url}/api/v1/contact`);
    expect(anonymous.status).toBe(401);
  });

  test('the login page opened from the Kiswahili site stays in Kiswahili, also when its address is typed', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Ingia' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: /^ingia$/i })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();

    // The device saw the Kiswahili site (issue 26 item 5; tests/e2e/first-language.spec.ts).
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /^ingia$/i })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  });

  test('the language switch changes the nav bar at once and is remembered after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Nyumbani' })).toBeVisible();
    // Nothing is stored until the visitor chooses.
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();

    await header.getByRole('button', { name: 'English' }).click();
    await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Everything your business needs, in one place',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    await page.reload();
    await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await header.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(header.getByRole('link', { name: 'Nyumbani' })).toBeVisible();
    await page.goto('/login');
    await expect(header.getByRole('link', { name: 'Nyumbani' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('sw');
  });
});
