import {
  createProduct,
  serverOrdersOf,
  type ProductJson,
  type SeedProduct,
} from './fixtures/catalog-api.ts';
import { expect, test } from './fixtures/test.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';

/**
 * Fresh-oil, stationery and animal-feeding as their own employees use them (issue 9): the home
 * with the department's page size and fields, then an order placed while the server is down (the
 * tablet's Wi-Fi stays up, so the browser says online), queued, and sent exactly once when the
 * server returns, with nobody touching the screen. Godown has its own suite.
 */
interface DepartmentCase {
  dept: 'fresh-oil' | 'stationery' | 'animal-feeding';
  /** The department's display name. */
  name: string;
  /** Spec section 9. */
  pageSize: number;
  nutrients?: string;
  /** Stationery's orders list shows the human order id (spec section 3). */
  orderIdPattern?: RegExp;
}

const cases: DepartmentCase[] = [
  { dept: 'fresh-oil', name: 'Fresh Oil', pageSize: 8 },
  {
    dept: 'stationery',
    name: 'Stationery',
    pageSize: 6,
    orderIdPattern: /^ORD-ST-\d{6}$/,
  },
  {
    dept: 'animal-feeding',
    name: 'Animal Feeding',
    pageSize: 10,
    nutrients: 'Protein 16%, calcium',
  },
];

/** The product each case orders: the first of its home's first page. */
const ordered = new Map<string, ProductJson>();

function seedProducts(item: DepartmentCase): SeedProduct[] {
  // One more than a page, so the home must page; zero-padded names keep the name order.
  return Array.from({ length: item.pageSize + 1 }, (_, index) => ({
    name: `Offline ${item.dept} ${String(index + 1).padStart(2, '0')}`,
    description: `Stock item ${index + 1} of ${item.dept}`,
    price: 4_000 + index * 500,
    quantity: 30,
    ...(item.nutrients ? { nutrients: item.nutrients } : {}),
  }));
}

test.describe('a department employee offline', () => {
  test.beforeAll(async ({ server, adminToken }) => {
    for (const item of cases) {
      const [first, ...rest] = seedProducts(item);
      if (!first) throw new Error('no products to seed');
      ordered.set(item.dept, await createProduct(server.url, adminToken, item.dept, first));
      for (const product of rest) await createProduct(server.url, adminToken, item.dept, product);
    }
  });

  for (const item of cases) {
    test(`${item.dept}: the home pages at ${item.pageSize}, and an order placed while the server is down reaches it once on its return`, async ({
      page,
      server,
      adminToken,
      createUser,
      signIn,
    }) => {
      const product = ordered.get(item.dept);
      if (!product) throw new Error(`${item.dept} was not seeded`);
      const employee = await createUser({ category: item.dept });
      await signIn(page, employee.email, employee.password);

      // The home of their department: its page size, name-only search and fields.
      await expect(page).toHaveURL(new RegExp(`/${item.dept}$`));
      await expect(
        page.getByRole('heading', { name: `${item.name} Products`, level: 1 }),
      ).toBeVisible();
      await expect(page.getByText('Page 1 of 2')).toBeVisible();
      const cards = page.getByRole('link', { name: /^View details: / });
      await expect(cards).toHaveCount(item.pageSize);
      await expect(page.getByLabel('Search products')).toHaveAttribute(
        'placeholder',
        'Search by name',
      );
      // Other suites share this server and may seed the department too: every card on the page
      // shows its nutrients line, whichever products they are.
      const nutrientLines = page.getByText(/^Nutrients: \S/);
      await expect(nutrientLines).toHaveCount(item.nutrients ? item.pageSize : 0);

      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.getByRole('link', { name: `View details: ${product.name}` }).click();
      await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
      if (item.nutrients) await expect(page.getByText(item.nutrients)).toBeVisible();
      await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);

      await server.stop();
      let running = false;
      try {
        const quantity = page.getByLabel('Quantity', { exact: true });
        await quantity.fill('2');
        await page.getByRole('button', { name: 'Place Order' }).click();
        await expect(syncIndicator(page)).toHaveAccessibleName(
          /^Sync status: (Syncing|Server unreachable) · 1 waiting to sync$/,
        );
        await page
          .getByRole('navigation', { name: `${item.name} navigation` })
          .getByRole('link', { name: 'Orders', exact: true })
          .click();
        const row = page.getByRole('row', { name: new RegExp(product.name) });
        await expect(row.getByText('Waiting to sync')).toBeVisible();
        await expect(row.getByText('2 units')).toBeVisible();

        await server.start();
        running = true;
        // Nobody touches the screen: the probe notices the server and the queue goes.
        await expect
          .poll(async () => serverOrdersOf(server.url, adminToken, item.dept, product._id), {
            timeout: 15_000,
            intervals: [250],
          })
          .toHaveLength(1);
        await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
        await expect(row.getByText('Waiting to sync')).toBeHidden();
        const placedOrders = await serverOrdersOf(server.url, adminToken, item.dept, product._id);
        expect(placedOrders).toHaveLength(1);
        const [placed] = placedOrders;
        expect(placed?.quantity).toBe(2);
        if (item.orderIdPattern) {
          expect(placed?.orderId).toMatch(item.orderIdPattern);
          await expect(page.getByRole('columnheader', { name: 'Order ID' })).toBeVisible();
          await expect(row.getByRole('cell', { name: placed?.orderId ?? '' })).toBeVisible();
        } else {
          await expect(page.getByRole('columnheader', { name: 'Order ID' })).toHaveCount(0);
        }
      } finally {
        if (!running) await server.start();
      }
    });
  }
});
