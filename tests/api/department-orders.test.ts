import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, productDepartmentIds } from '../../domain/departments.ts';
import type { OrderJson } from '../../domain/orders.ts';
import type { ProductJson } from '../../domain/products.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';

/**
 * What a hardware clerk can do, for every product department from one file: the generic routes
 * must behave the same everywhere, with each department's own data (order prefix, fields).
 * The deeper cases (idempotency races, versions, images) live in the catalog-* suites.
 */
describeEachDatabase('every product department', (target) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
  });
  afterAll(() => t.close());

  describe.each(productDepartmentIds)('%s', (department) => {
    const descriptor = departments[department];
    let clerk: TestUser;
    let outsider: TestUser;

    beforeAll(async () => {
      clerk = await createUser(t, { role: 'employee', category: department });
      const other = productDepartmentIds.find((id) => id !== department) ?? 'hardware';
      outsider = await createUser(t, { role: 'employee', category: other });
    });

    const get = (user: TestUser, path: string) =>
      request(t, { method: 'GET', url: `/api/v1/${department}${path}`, token: user });

    it('lets its clerk list and read products, with the department’s own fields', async () => {
      const productId = await seedProduct(t, department, {
        quantity: 30,
        location: descriptor.extraFields.includes('location') ? 'Deck A' : undefined,
      });
      const list = await get(clerk, '/products');
      expect(list.statusCode).toBe(200);
      const products = list.json<ProductJson[]>();
      const product = products.find((entry) => entry._id === productId);
      expect(product).toBeDefined();
      if (descriptor.extraFields.includes('location')) {
        expect(product).toMatchObject({ location: 'Deck A' });
      }
      expect((await get(clerk, `/products/${productId}`)).json()).toMatchObject({ _id: productId });
    });

    it('lets its clerk place an order: stock taken, total computed, order id with its prefix', async () => {
      const productId = await seedProduct(t, department, { price: 1_500, quantity: 10 });
      const res = await placeOrder(t, clerk, { productId, quantity: 4 }, { department });
      expect(res.statusCode).toBe(201);
      const order = res.json<OrderJson>();
      expect(order).toMatchObject({ productId, quantity: 4, price: 1_500, total: 6_000 });
      expect(order.orderId).toMatch(new RegExp(`^ORD-${descriptor.orderPrefix}-\\d{6}$`));
      expect(await stockOf(t, productId)).toBe(6);
      const orders = (await get(clerk, '/orders')).json<OrderJson[]>();
      expect(orders.map((entry) => entry._id)).toContain(order._id);
      expect((await get(clerk, `/orders/${order._id}`)).json()).toMatchObject({ _id: order._id });
    });

    it('never sells more than the stock', async () => {
      const productId = await seedProduct(t, department, { quantity: 2 });
      const res = await placeOrder(t, clerk, { productId, quantity: 3 }, { department });
      expect(res.statusCode).toBe(409);
      expect(await stockOf(t, productId)).toBe(2);
      expect(await orderCount(t, productId)).toBe(0);
    });

    it('keeps clerks of other departments out', async () => {
      const productId = await seedProduct(t, department, { quantity: 5 });
      expect((await get(outsider, '/products')).statusCode).toBe(403);
      expect((await get(outsider, '/orders')).statusCode).toBe(403);
      const res = await placeOrder(t, outsider, { productId, quantity: 1 }, { department });
      expect(res.statusCode).toBe(403);
      expect(await stockOf(t, productId)).toBe(5);
    });

    it('lets an admin change an order’s quantity (stock follows) and delete it', async () => {
      const productId = await seedProduct(t, department, { quantity: 10 });
      const placed = await placeOrder(t, clerk, { productId, quantity: 2 }, { department });
      const orderId = placed.json<OrderJson>()._id;
      const edit = await request(t, {
        method: 'PUT',
        url: `/api/v1/${department}/orders/${orderId}`,
        token: admin,
        payload: { quantity: 5 },
      });
      expect(edit.statusCode).toBe(200);
      expect(await stockOf(t, productId)).toBe(5);
      const clerkEdit = await request(t, {
        method: 'PUT',
        url: `/api/v1/${department}/orders/${orderId}`,
        token: clerk,
        payload: { quantity: 1 },
      });
      expect(clerkEdit.statusCode).toBe(403);
      const removed = await request(t, {
        method: 'DELETE',
        url: `/api/v1/${department}/orders/${orderId}`,
        token: admin,
      });
      expect(removed.statusCode).toBeLessThan(300);
      expect((await get(clerk, `/orders/${orderId}`)).statusCode).toBe(404);
    });
  });
});
