import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  departments,
  productDepartmentIds,
  type ProductDepartmentId,
} from '../../domain/departments.ts';
import { createProduct } from './fixtures/catalog-api.ts';
import { expect, test, type ApiUser } from './fixtures/test.ts';
import { api } from './fixtures/api.ts';
import {
  audit,
  auditBothLanguages,
  chooseLanguage,
  report,
  sizes,
  textRules,
  type Finding,
  type Size,
} from './fixtures/axe-audit.ts';

/**
 * Accessibility (issue 14, item 5): axe-core on every staff and admin screen, in English and
 * Kiswahili, on the staff tablet (800×1280) and a phone (390×844). A violation of impact
 * 'serious' or 'critical' fails the run, listed with its rule, impact, targets and screen.
 * Screens come from the router and the descriptors: the login and not-found pages, every screen of
 * hardware and godown (godown has the move, transfer, log and bulk-upload screens), the home and
 * product pages of the other departments (their descriptor-driven fields), printing's pages and
 * the admin portal's, plus the sync status panel and an edit dialog, all on the tablet; on the
 * phone the screens whose layout changes with the width. A signed-in admin context walks them
 * (an employee sees the same components with fewer buttons).
 * To stay within CI's budget each screen gets every axe rule in one language (English on the
 * tablet, Kiswahili on the phone) and, after the header's switch re-renders it in the other
 * language, the rules that depend on text (names, labels, lang, title): structure and colour do
 * not change with the language.
 */
interface Seeded {
  /** One product per product department, by department. */
  products: Record<ProductDepartmentId, { _id: string; name: string }>;
  /** One order per product department (its _id), by department. */
  orders: Record<ProductDepartmentId, string>;
  printJob: string;
  /** Godown stock counts: one open (the counting sheet), one submitted (the admin's review). */
  counts: { open: string; submitted: string };
  /** A second hardware product, for a basket of two lines, and a hardware sale of both. */
  hardwareNails: { _id: string; name: string };
  sale: string;
}

let seeded: Seeded;

/** Quantities chosen so the badges show each look: in stock, low, out (after the order). */
const seedQuantities: Record<ProductDepartmentId, { quantity: number; ordered: number }> = {
  hardware: { quantity: 30, ordered: 2 },
  'fresh-oil': { quantity: 3, ordered: 1 },
  stationery: { quantity: 1, ordered: 1 },
  'animal-feeding': { quantity: 40, ordered: 3 },
  godown: { quantity: 50, ordered: 2 },
};

test.beforeAll(async ({ server, adminToken }) => {
  const products = {} as Seeded['products'];
  const orders = {} as Seeded['orders'];
  for (const dept of productDepartmentIds) {
    const { quantity, ordered } = seedQuantities[dept];
    const name = `A11y ${dept} item`;
    const product =
      dept === 'godown'
        ? await api<{ _id: string }>(server.url, adminToken, 'POST', 'godown/products', {
            name,
            price: 3000,
            quantity,
            location: 'Main Store',
            description: 'For the accessibility suite',
          })
        : await createProduct(server.url, adminToken, dept, {
            name,
            description: 'For the accessibility suite',
            price: 2500,
            quantity,
            ...(dept === 'animal-feeding' ? { nutrients: 'Protein 18%' } : {}),
          });
    products[dept] = { _id: product._id, name };
    const order = await api<{ _id: string }>(server.url, adminToken, 'POST', `${dept}/orders`, {
      productId: product._id,
      quantity: ordered,
    });
    orders[dept] = order._id;
  }
  await api(server.url, adminToken, 'POST', 'godown/inventory-movement', {
    productId: products.godown._id,
    transferQuantity: 5,
    origin: 'Main Store',
    destination: 'Deck B',
    reason: 'For the accessibility suite',
  });
  await api(server.url, adminToken, 'POST', 'godown/inventory-movement', {
    productId: products.godown._id,
    transferQuantity: 5,
    origin: 'Main Store',
    destination: 'Deck C',
    reason: 'For the accessibility suite',
  });
  const openCount = await api<{ _id: string }>(
    server.url,
    adminToken,
    'POST',
    'godown/stock-counts',
    {
      location: 'Deck B',
    },
  );
  const submittedCount = await api<{ _id: string; lines: { productId: string }[] }>(
    server.url,
    adminToken,
    'POST',
    'godown/stock-counts',
    { location: 'Deck C' },
  );
  await api(server.url, adminToken, 'POST', `godown/stock-counts/${submittedCount._id}/submit`, {
    lines: submittedCount.lines.map((line) => ({
      productId: line.productId,
      counted: 4,
      countedAt: new Date().toISOString(),
    })),
  });
  const job = await api<{ _id: string }>(server.url, adminToken, 'POST', 'printing/orders', {
    description: 'A11y banner',
    price: 45_000,
    quantity: 2,
    contact: '+255 754 000 111',
    category: 'banners',
  });
  await api(server.url, adminToken, 'POST', 'support', {
    name: 'Asha',
    email: 'asha@example.com',
    subject: 'A11y question',
    message: 'For the accessibility suite',
  });
  const nails = await createProduct(server.url, adminToken, 'hardware', {
    name: 'A11y hardware nails',
    description: 'For the accessibility suite',
    price: 200,
    quantity: 500,
  });
  const sale = await api<{ _id: string }>(server.url, adminToken, 'POST', 'hardware/sales', {
    _id: randomUUID(),
    lines: [
      { _id: randomUUID(), productId: products.hardware._id, quantity: 1 },
      { _id: randomUUID(), productId: nails._id, quantity: 30 },
    ],
  });
  seeded = {
    products,
    orders,
    printJob: job._id,
    counts: { open: openCount._id, submitted: submittedCount._id },
    hardwareNails: { _id: nails._id, name: nails.name },
    sale: sale._id,
  };
});

interface Screen {
  name: string;
  path: string;
  /** Text that shows once the screen's data has arrived (beside its h1). */
  shows?: string;
  /** Opens a dialog or popover on the screen (checked in the full language, then closed). */
  open?: (page: Page) => Promise<void>;
  /** Brings the screen to the state checked (in both languages), after it shows. */
  prepare?: (page: Page) => Promise<void>;
}

/** Departments whose every screen is walked; the others share those screens' components. */
const walkedWhole: readonly ProductDepartmentId[] = ['hardware', 'godown'];

function departmentScreens(dept: ProductDepartmentId, isAdmin: boolean): Screen[] {
  const product = seeded.products[dept];
  if (!walkedWhole.includes(dept)) {
    return [
      { name: `${dept} home`, path: `/${dept}`, shows: product.name },
      {
        name: `${dept} product detail`,
        path: `/${dept}/products/${product._id}`,
        shows: product.name,
      },
    ];
  }
  const menu = departments[dept].menu
    .filter((item) => isAdmin || item.access === 'staff')
    .map((item): Screen => ({
      name: `${dept} ${item.screen}`,
      path: item.screen === 'home' ? `/${dept}` : `/${dept}/${item.screen}`,
      ...(['home', 'orders', 'admin/manage', 'admin/move', 'admin/movement-logs'].includes(
        item.screen,
      )
        ? { shows: product.name }
        : {}),
    }));
  const below: Screen[] = [
    {
      name: `${dept} product detail`,
      path: `/${dept}/products/${product._id}`,
      shows: product.name,
    },
    {
      name: `${dept} order detail`,
      path: `/${dept}/orders/${seeded.orders[dept]}`,
      shows: product.name,
    },
  ];
  if (isAdmin && departments[dept].menu.some((item) => item.screen === 'admin/move')) {
    below.push({
      name: `${dept} transfer form`,
      path: `/${dept}/admin/move/${product._id}`,
      shows: product.name,
    });
  }
  if (departments[dept].menu.some((item) => item.screen === 'counts')) {
    below.push(
      {
        name: `${dept} counting sheet`,
        path: `/${dept}/counts/${seeded.counts.open}`,
        shows: product.name,
      },
      {
        name: `${dept} count review`,
        path: `/${dept}/counts/${seeded.counts.submitted}`,
        ...(isAdmin ? { shows: 'Apply adjustments' } : { shows: product.name }),
      },
    );
  }
  if (departments[dept].menu.some((item) => item.screen === 'deliveries')) {
    // Goods received (issue 25): the form and the suppliers, below the list in the menu.
    below.push(
      { name: `${dept} book a delivery`, path: `/${dept}/deliveries/new` },
      { name: `${dept} suppliers`, path: `/${dept}/deliveries/suppliers` },
    );
  }
  return [...menu, ...below];
}

function printingScreens(): Screen[] {
  return [
    ...departments.printing.menu.map((item): Screen => ({
      name: `printing ${item.screen}`,
      path: item.screen === 'home' ? '/printing' : `/printing/${item.screen}`,
      ...(item.screen === 'orders' ? { shows: 'A11y banner' } : {}),
    })),
    {
      name: 'printing order detail',
      path: `/printing/orders/${seeded.printJob}`,
      shows: 'A11y banner',
    },
  ];
}

/**
 * The basket with two lines (a draft on the device, so each walk's context fills its own, by
 * search and tap in either language) and a sale's page (the sale seeded through the API, read
 * from the mirror once it has synced). The empty basket is the menu's 'sale' screen.
 */
function saleScreens(): Screen[] {
  const products = [seeded.products.hardware, seeded.hardwareNails];
  return [
    {
      name: 'hardware sale with two lines in the basket',
      path: '/hardware/sale',
      prepare: async (page) => {
        for (const product of products) {
          await page.getByLabel(/^(Search products|Tafuta bidhaa)$/).fill(product.name);
          await page
            .getByRole('button', {
              name: new RegExp(`^(Add|Ongeza) ${product.name} (to the sale|kwenye mauzo)$`),
            })
            .first()
            .click();
        }
        const basket = page.getByRole('region', { name: /^(Basket|Kikapu)$/ });
        for (const product of products) {
          await expect(
            basket.getByRole('button', { name: new RegExp(`^(Remove|Ondoa) ${product.name} `) }),
          ).toBeVisible();
        }
      },
    },
    {
      name: 'hardware sale page',
      path: `/hardware/sales/${seeded.sale}`,
      shows: seeded.hardwareNails.name,
    },
  ];
}

/** The admin portal's pages (src/app/admin-routes.tsx). */
const adminPortalScreens: Screen[] = [
  { name: 'admin dashboard', path: '/admin/dashboard' },
  { name: 'admin users', path: '/admin/users' },
  { name: 'admin create user', path: '/admin/users/create' },
  { name: 'admin reports', path: '/admin/reports' },
  { name: 'admin low stock', path: '/admin/low-stock' },
  { name: 'admin revenue', path: '/admin/revenue' },
  { name: 'admin settings', path: '/admin/settings' },
  { name: 'admin support', path: '/admin/support' },
  { name: 'admin inbox', path: '/admin/inbox', shows: 'A11y question' },
  // The support message is among the newest entries (its subject is recorded).
  { name: 'admin audit', path: '/admin/audit', shows: 'A11y question' },
];

async function visit(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  if (screen.shows) {
    await expect(page.getByText(screen.shows).first()).toBeVisible({ timeout: 30_000 });
  }
}

async function signedInContext(
  browser: Browser,
  baseURL: string,
  size: Size,
  user: ApiUser,
  findings: Finding[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: sizes[size].viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await auditBothLanguages(page, 'login', findings, sizes[size].full);
  await chooseLanguage(page, 'en');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return { context, page };
}

/** The screens with a dialog or panel opened on them, checked open as well. */
function screensWithDialogs(): Screen[] {
  return [
    {
      name: 'hardware home with the sync status panel',
      path: '/hardware',
      shows: seeded.products.hardware.name,
      open: async (page) => {
        await page.getByRole('button', { name: /^(Sync status|Hali ya usawazishaji):/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'hardware manage with the edit dialog',
      path: '/hardware/admin/manage',
      shows: seeded.products.hardware.name,
      open: async (page) => {
        await page
          .getByRole('button', { name: new RegExp(`${seeded.products.hardware.name}$`) })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'hardware manage with the labels dialog',
      path: '/hardware/admin/manage',
      shows: seeded.products.hardware.name,
      open: async (page) => {
        await page.getByRole('button', { name: /^(Print labels|Chapisha lebo)$/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'hardware home with the scanner dialog',
      path: '/hardware',
      shows: seeded.products.hardware.name,
      open: async (page) => {
        await page
          .getByRole('button', {
            name: /^(Scan a barcode with the camera|Skani msimbo pau kwa kamera)$/,
          })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ];
}

/**
 * The product departments in two parts, one walk each (all in one took over 7.5 min on CI): the
 * godown, whose screens are the most, and one more go with the dialogs.
 */
const firstHalf = productDepartmentIds.slice(0, 2);
const secondHalf = productDepartmentIds.slice(2);

/**
 * The walks: on the tablet every screen, in three walks so each stays well inside its time limit.
 * On the phone the same components show the same words, so the phone walk takes the screens
 * whose layout changes with the width (lists turned into cards, the menus, dialogs).
 */
const walks: { name: string; size: Size; screens: () => Screen[] }[] = [
  {
    name: `the screens of ${firstHalf.join(', ')}`,
    size: 'tablet',
    screens: () => [
      ...screensWithDialogs(),
      ...firstHalf.flatMap((dept) => departmentScreens(dept, true)),
    ],
  },
  {
    name: `the screens of ${secondHalf.join(', ')}`,
    size: 'tablet',
    screens: () => secondHalf.flatMap((dept) => departmentScreens(dept, true)),
  },
  {
    name: 'printing, the admin portal and the not-found page',
    size: 'tablet',
    screens: () => [
      ...saleScreens(),
      ...printingScreens(),
      ...adminPortalScreens,
      { name: 'not found', path: '/no-such-page' },
    ],
  },
  {
    name: 'the lists, menus and dialogs that change on a phone',
    size: 'phone',
    screens: () => {
      const godown = departmentScreens('godown', true);
      const hardware = departmentScreens('hardware', true);
      const pick = (all: Screen[], suffixes: string[]) =>
        all.filter((screen) => suffixes.some((suffix) => screen.name.endsWith(suffix)));
      return [
        ...screensWithDialogs(),
        ...pick(hardware, [' orders', ' product detail']),
        ...pick(godown, [' home', ' admin/move', ' admin/movement-logs']),
        ...saleScreens(),
        ...printingScreens().filter((screen) => screen.name === 'printing orders'),
        ...adminPortalScreens.filter((screen) =>
          ['admin users', 'admin inbox', 'admin reports', 'admin audit'].includes(screen.name),
        ),
        { name: 'not found', path: '/no-such-page' },
      ];
    },
  },
];

for (const walk of walks) {
  test(`accessibility on the ${walk.size}: login, then ${walk.name}`, async ({
    browser,
    server,
    createUser,
  }) => {
    // A walk takes 3-5 minutes on a slow day of the CI machine, each screen audited in both
    // languages (the whole department walk, before it was halved, ran out of 7.5 minutes there).
    test.setTimeout(900_000);
    const findings: Finding[] = [];
    const admin = await createUser({ role: 'admin', category: 'hardware' });
    const { context, page } = await signedInContext(
      browser,
      server.url,
      walk.size,
      admin,
      findings,
    );
    const { full } = sizes[walk.size];
    for (const screen of walk.screens()) {
      await visit(page, screen);
      if (screen.prepare) await screen.prepare(page);
      await auditBothLanguages(page, screen.name, findings, full);
      if (screen.open) {
        await screen.open(page);
        await audit(page, `${screen.name}, open [${full}]`, findings);
        await page.keyboard.press('Escape');
      }
    }
    await context.close();
    expect(findings, report(findings)).toEqual([]);
  });
}

test('the keyboard focus is visible on every control a staff member tabs through', async ({
  page,
  createUser,
  signIn,
}) => {
  const clerk = await createUser({ category: 'hardware' });
  await signIn(page, clerk.email, clerk.password);
  await page.goto(`/hardware/products/${seeded.products.hardware._id}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const unmarked: string[] = [];
  // The skip link, the header, the department menu and the order form: the first 14 stops.
  for (let stop = 0; stop < 14; stop += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ringed = style.boxShadow !== 'none';
      const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
      return {
        marked: outlined || ringed,
        what: `${element.tagName} "${name.trim().slice(0, 30)}"`,
      };
    });
    if (focus && !focus.marked) unmarked.push(focus.what);
  }
  expect(unmarked).toEqual([]);
});

test('the audit reports the serious violations a screen shows, with every rule and with the text rules', async ({
  page,
}) => {
  // The public contact page with three faults added: a button with no name, an image with no
  // text and grey on grey. The audit runs axe itself (fixtures/axe-audit.ts), so this is the
  // check that it still sees what axe sees.
  await page.goto('/contact');
  await page.evaluate(() => {
    const faults = document.createElement('div');
    faults.innerHTML =
      '<button type="button"></button><img src="/favicon.svg">' +
      '<p style="color:#bbb;background:#ccc">Barely there</p>';
    document.body.append(faults);
  });
  const findings: Finding[] = [];
  await audit(page, 'contact with faults', findings);
  await audit(page, 'contact with faults, text rules', findings, textRules);
  expect(findings.map((finding) => `${finding.screen}: ${finding.rule}`).sort()).toEqual([
    'contact with faults, text rules: button-name',
    'contact with faults, text rules: image-alt',
    'contact with faults: button-name',
    'contact with faults: color-contrast',
    'contact with faults: image-alt',
  ]);
});
