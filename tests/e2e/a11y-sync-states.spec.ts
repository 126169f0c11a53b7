import type { BrowserContext, Page, Route } from '@playwright/test';
import { api } from './fixtures/api.ts';
import {
  auditBothLanguages,
  chooseLanguage,
  report,
  sizes,
  type Finding,
  type Size,
} from './fixtures/axe-audit.ts';
import { createProduct } from './fixtures/catalog-api.ts';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import type { TestServer } from './fixtures/server.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Accessibility in every sync state (issue 26 item 8): what the header, the toasts and the
 * screens add while the tablet is Offline, the server is unreachable, writes are Syncing, or a
 * refusal Needs attention (its notice on screen, the refused write where it was made) must pass
 * axe too, in both languages. Three departments whose screens differ: a hardware clerk (cards; on
 * the tablet, 800 px, and a phone, 390 px, for the screens whose layout changes), a godown clerk
 * (the list layout, locations, stock counts) and the printing screens (job form, jobs table). The
 * synced state is a11y.spec.ts's.
 */

/** One walk: where it goes, and how this department makes a write refused or queued. */
interface StatePlan {
  screens: string[];
  /**
   * The screens walked while a write is held (default: all). The engine gives up on a request
   * after 20 s and then says Server unreachable, so a long walk is cut to the screens that differ.
   */
  syncingScreens?: string[];
  /** Leaves one of the tablet's writes refused by the server (the tablet is online after it). */
  refuse: () => Promise<void>;
  /** Where the refused write is shown with its Discard button. */
  refusedOn: string;
  /** Queues one write through the screens (it syncs when the server answers). */
  queueWrite: () => Promise<void>;
}

async function walkEveryState(
  { page, context, server }: { page: Page; context: BrowserContext; server: TestServer },
  plan: StatePlan,
  size: Size,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  await waitForServiceWorker(page);

  async function walk(state: string, status: RegExp, screens = plan.screens): Promise<void> {
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
        timeout: 30_000,
      });
      await chooseLanguage(page, 'en');
      await expect(syncIndicator(page)).toHaveAccessibleName(status, { timeout: 20_000 });
      await auditBothLanguages(page, `${path} (${state})`, findings, sizes[size].full);
    }
  }

  // Needs attention: a refusal on screen, and the refused write where it was made.
  await plan.refuse();
  await expect(syncIndicator(page)).toHaveAccessibleName(/Needs attention · 1 failed/);
  await walk('needs attention', /Needs attention/);
  await page.goto(plan.refusedOn);
  await chooseLanguage(page, 'en');
  await page
    .getByRole('region', { name: 'Refused — needs your decision' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);

  // Syncing: the server answers reads, but the write's answer is held back. One screen per
  // round, with a write of its own: a held request ends at the sync client's 20 s timeout, and the
  // status then says Server unreachable. A navigation does not end it when the service worker's
  // Background Sync is the one sending (a CI run: five screens took longer than that).
  for (const screen of plan.syncingScreens ?? plan.screens) {
    const held: Route[] = [];
    await context.route('**/api/v1/**', async (route) => {
      if (route.request().method() === 'GET') await route.continue();
      else held.push(route);
    });
    await plan.queueWrite();
    await expect(syncIndicator(page)).toHaveAccessibleName(/^Sync status: Syncing/);
    await walk('syncing', /^Sync status: Syncing/, [screen]);
    await context.unroute('**/api/v1/**');
    for (const route of held) await route.continue().catch(() => undefined);
    await page.reload();
    await chooseLanguage(page, 'en');
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 20_000 });
  }

  // Server unreachable: the network is up, the server is not.
  await server.stop();
  try {
    await plan.queueWrite();
    await expect(syncIndicator(page)).toHaveAccessibleName(/Server unreachable/, {
      timeout: 20_000,
    });
    await walk('server unreachable', /Server unreachable/);
  } finally {
    await server.start();
  }
  await page.reload();
  await chooseLanguage(page, 'en');
  await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus, { timeout: 30_000 });

  // Offline: the browser itself says so.
  await context.setOffline(true);
  try {
    await walk('offline', /^Sync status: Offline/);
  } finally {
    await context.setOffline(false);
  }
  return findings;
}

async function placeOrder(page: Page, path: string, quantity: number): Promise<void> {
  await page.goto(path);
  await chooseLanguage(page, 'en');
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Place Order' }).click();
}

/**
 * A product department's plan for a product of 14: the order made for the order page leaves 13;
 * this tablet, offline, sells 8 while another device sells 6, so the server refuses the tablet's
 * order. What is left (7) covers one order per Syncing screen and one while unreachable.
 */
function productDepartmentPlan(
  { page, context, serverUrl, adminToken }: PlanInput,
  dept: string,
  screens: string[],
  productId: string,
): StatePlan {
  const productPage = `/${dept}/products/${productId}`;
  return {
    screens,
    refusedOn: `/${dept}/orders`,
    refuse: async () => {
      await context.setOffline(true);
      await placeOrder(page, productPage, 8);
      await api(serverUrl, adminToken, 'POST', `${dept}/orders`, { productId, quantity: 6 });
      await context.setOffline(false);
    },
    queueWrite: () => placeOrder(page, productPage, 1),
  };
}

interface PlanInput {
  page: Page;
  context: BrowserContext;
  serverUrl: string;
  adminToken: string;
}

const hardwareScreens: Record<Size, (ids: { product: string; order: string }) => string[]> = {
  tablet: ({ product, order }) => [
    '/hardware',
    '/hardware/order-item',
    '/hardware/orders',
    '/hardware/low-stock',
    `/hardware/products/${product}`,
    `/hardware/orders/${order}`,
  ],
  phone: ({ product }) => ['/hardware', '/hardware/orders', `/hardware/products/${product}`],
};

for (const size of ['tablet', 'phone'] as const) {
  test(`hardware screens pass axe while offline, unreachable, syncing and needing attention, on the ${size}`, async ({
    page,
    context,
    server,
    adminToken,
    createUser,
    signIn,
  }) => {
    // Six screens in four states, each audited in both languages: 6.9 min on the tablet and 4 on
    // the phone on a slow day of the CI machine, where a field's fill took 4 s.
    test.setTimeout(900_000);
    await page.setViewportSize(sizes[size].viewport);
    const product = await createProduct(server.url, adminToken, 'hardware', {
      name: `A11y sync ${size} ${Date.now().toString(36)}`,
      description: 'For the sync-state accessibility suite',
      price: 4_000,
      quantity: 14,
    });
    const order = await api<{ _id: string }>(server.url, adminToken, 'POST', 'hardware/orders', {
      productId: product._id,
      quantity: 1,
    });
    const clerk = await createUser({ category: 'hardware' });
    await signIn(page, clerk.email, clerk.password);
    const screens = hardwareScreens[size]({ product: product._id, order: order._id });
    const plan = productDepartmentPlan(
      { page, context, serverUrl: server.url, adminToken },
      'hardware',
      screens,
      product._id,
    );
    const findings = await walkEveryState({ page, context, server }, plan, size);
    expect(findings, report(findings)).toEqual([]);
  });
}

test('godown screens (list, locations, counts) pass axe in every sync state', async ({
  page,
  context,
  server,
  adminToken,
  createUser,
  signIn,
}) => {
  // Over 5 min on a slow day of the CI machine (every screen in four states, both languages).
  test.setTimeout(900_000);
  await page.setViewportSize(sizes.tablet.viewport);
  const product = await api<{ _id: string }>(server.url, adminToken, 'POST', 'godown/products', {
    name: `A11y sync godown ${Date.now().toString(36)}`,
    description: 'For the sync-state accessibility suite',
    price: 85_000,
    quantity: 14,
    location: 'Deck A',
  });
  const productId = product._id;
  const order = await api<{ _id: string }>(server.url, adminToken, 'POST', 'godown/orders', {
    productId,
    quantity: 1,
  });
  const clerk = await createUser({ category: 'godown' });
  await signIn(page, clerk.email, clerk.password);
  const screens = [
    '/godown',
    '/godown/order-item',
    '/godown/orders',
    '/godown/low-stock',
    '/godown/counts',
    `/godown/products/${productId}`,
    `/godown/orders/${order._id}`,
  ];
  const plan = {
    ...productDepartmentPlan(
      { page, context, serverUrl: server.url, adminToken },
      'godown',
      screens,
      productId,
    ),
    syncingScreens: ['/godown', '/godown/counts', `/godown/products/${productId}`],
  };
  const findings = await walkEveryState({ page, context, server }, plan, 'tablet');
  expect(findings, report(findings)).toEqual([]);
});

test('printing screens (job form, jobs, a job) pass axe in every sync state', async ({
  page,
  context,
  server,
  adminToken,
  signInAsNewAdmin,
}) => {
  // Over 5 min on a slow day of the CI machine (every screen in four states, both languages).
  test.setTimeout(900_000);
  await page.setViewportSize(sizes.tablet.viewport);
  const job = (description: string) => ({
    description,
    price: 1_500,
    quantity: 2,
    contact: '+255 754 000 111',
    category: 'cards',
  });
  const kept = await api<{ _id: string }>(
    server.url,
    adminToken,
    'POST',
    'printing/orders',
    job(`A11y sync cards ${Date.now().toString(36)}`),
  );
  const doomed = await api<{ _id: string; receiptNumber: string }>(
    server.url,
    adminToken,
    'POST',
    'printing/orders',
    job(`A11y sync doomed ${Date.now().toString(36)}`),
  );
  // An admin at the printing screens: a clerk's only write (a new job) is never refused, an
  // admin's edit of a job someone else deleted is.
  await signInAsNewAdmin(page);
  await page.goto('/printing/orders');
  const plan: StatePlan = {
    screens: ['/printing', '/printing/orders', `/printing/orders/${kept._id}`],
    refusedOn: '/printing/orders',
    refuse: async () => {
      await page.goto('/printing/orders');
      await chooseLanguage(page, 'en');
      await expect(page.getByText(doomed.receiptNumber).first()).toBeVisible();
      await context.setOffline(true);
      await page.getByRole('button', { name: `Edit the order ${doomed.receiptNumber}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Order' });
      await dialog.getByLabel('Quantity').fill('3');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog).toBeHidden();
      await api(server.url, adminToken, 'DELETE', `printing/orders/${doomed._id}`);
      await context.setOffline(false);
    },
    queueWrite: async () => {
      await page.goto('/printing');
      await chooseLanguage(page, 'en');
      await page.getByLabel('Description').fill(`A11y sync flyers ${Date.now().toString(36)}`);
      await page.getByLabel('Price per item (Tsh)').fill('1500');
      await page.getByLabel('Quantity').fill('4');
      await page.getByLabel('Contact').fill('+255 754 000 222');
      await page.getByLabel('Category').selectOption('cards');
      await page.getByRole('button', { name: 'Submit Order' }).click();
      await expect(page.getByLabel('Description')).toHaveValue('');
    },
  };
  const findings = await walkEveryState({ page, context, server }, plan, 'tablet');
  expect(findings, report(findings)).toEqual([]);
});
