import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderJson } from '../../domain/orders.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';

describeEachDatabase('catalog orders', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    employee = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  describe('placing an order', () => {
    it('takes the unit price from the product, computes the total and ignores client money', async () => {
      const productId = await seedProduct(t, 'hardware', {
        price: 12_500,
        quantity: 10,
        name: 'Hammer',
      });
      const res = await placeOrder(t, employee, {
        productId,
        productName: 'Cheap hammer',
        quantity: 3,
        price: 1,
        total: 3,
        status: 'delivered',
      });
      expect(res.statusCode).toBe(201);
      const order = res.json<OrderJson>();
      expect(order).toMatchObject({
        productId,
        productName: 'Hammer',
        quantity: 3,
        price: 12_500,
        total: 37_500,
        status: 'pending',
      });
      expect(order.orderId).toMatch(/^ORD-HW-\d{6}$/);
      expect(await stockOf(t, productId)).toBe(7);
    });

    it('keeps a client-supplied UUID as the order id', async () => {
      const productId = await seedProduct(t, 'hardware');
      const id = randomUUID();
      const res = await placeOrder(t, employee, { _id: id, productId, quantity: 1 });
      expect(res.statusCode).toBe(201);
      expect(res.json<OrderJson>()._id).toBe(id);
      const detail = await request(t, {
        method: 'GET',
        url: `/api/v1/hardware/orders/${id}`,
        token: employee,
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json<OrderJson>()._id).toBe(id);
    });

    it('numbers orders per department in sequence', async () => {
      const productId = await seedProduct(t, 'hardware');
      const first = (await placeOrder(t, employee, { productId, quantity: 1 })).json<OrderJson>();
      const second = (await placeOrder(t, employee, { productId, quantity: 1 })).json<OrderJson>();
      const number = (orderId: string) => Number(orderId.split('-')[2]);
      expect(number(second.orderId)).toBe(number(first.orderId) + 1);
    });

    it('answers 409 when stock is short and 404 for an unknown product', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 2 });
      const short = await placeOrder(t, employee, { productId, quantity: 3 });
      expect(short.statusCode).toBe(409);
      // The stock there is now comes with the refusal (the tablet shows it beside the message).
      expect(short.json()).toEqual({ message: 'Quantity exceeds available stock', available: 2 });
      expect(await stockOf(t, productId)).toBe(2);
      const missing = await placeOrder(t, employee, { productId: randomUUID(), quantity: 1 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Product not found' });
    });

    it('does not sell a product of another department', async () => {
      const productId = await seedProduct(t, 'stationery');
      const res = await placeOrder(t, admin, { productId, quantity: 1 });
      expect(res.statusCode).toBe(404);
    });

    it('validates the quantity', async () => {
      const productId = await seedProduct(t, 'hardware');
      const res = await placeOrder(t, employee, { productId, quantity: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Quantity must be at least 1');
      const none = await placeOrder(t, employee, { quantity: 1 });
      expect(none.json<{ message: string }>().message).toBe('Please select a product');
    });

    it('sells exactly the stock to 50 concurrent buyers of 1 unit', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          placeOrder(t, employee, { productId, quantity: 1 }, { key: randomUUID() }),
        ),
      );
      const statuses = responses.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(40);
      expect(await stockOf(t, productId)).toBe(0);
      expect(await orderCount(t, productId)).toBe(10);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the stored response for the same key and body and creates one order', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const key = randomUUID();
      const first = await placeOrder(t, employee, { productId, quantity: 2 }, { key });
      const second = await placeOrder(t, employee, { quantity: 2, productId }, { key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await orderCount(t, productId)).toBe(1);
      expect(await stockOf(t, productId)).toBe(8);
    });

    it('answers 422 when the key is reused with another body', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const key = randomUUID();
      expect((await placeOrder(t, employee, { productId, quantity: 1 }, { key })).statusCode).toBe(
        201,
      );
      const other = await placeOrder(t, employee, { productId, quantity: 5 }, { key });
      expect(other.statusCode).toBe(422);
      expect(typeof other.json<{ message: string }>().message).toBe('string');
      expect(await orderCount(t, productId)).toBe(1);
    });

    it('keys belong to one user: another user with the same key places their own order', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const colleague = await createUser(t, { role: 'employee', category: 'hardware' });
      const key = randomUUID();
      expect((await placeOrder(t, employee, { productId, quantity: 1 }, { key })).statusCode).toBe(
        201,
      );
      const res = await placeOrder(t, colleague, { productId, quantity: 1 }, { key });
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(await orderCount(t, productId)).toBe(2);
    });

    it('creates exactly one order from 20 concurrent duplicates', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 100 });
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          placeOrder(t, employee, { productId, quantity: 1 }, { key }),
        ),
      );
      const created = responses.filter((res) => res.statusCode === 201);
      // Each duplicate is either answered with the one stored order or told the key is in flight.
      expect(created.length).toBeGreaterThanOrEqual(1);
      for (const res of responses) expect([201, 409]).toContain(res.statusCode);
      const ids = new Set(created.map((res) => res.json<OrderJson>()._id));
      expect(ids.size).toBe(1);
      expect(await orderCount(t, productId)).toBe(1);
      expect(await stockOf(t, productId)).toBe(99);
      const retry = await placeOrder(t, employee, { productId, quantity: 1 }, { key });
      expect(retry.statusCode).toBe(201);
      expect(retry.json<OrderJson>()._id).toBe([...ids][0]);
    });

    it('keeps no record of a rejected request, so the same key can be retried', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 1 });
      const key = randomUUID();
      const rejected = await placeOrder(t, employee, { productId, quantity: 2 }, { key });
      expect(rejected.statusCode).toBe(409);
      await t.db.updateTable('products').set({ quantity: 5 }).where('id', '=', productId).execute();
      const retried = await placeOrder(t, employee, { productId, quantity: 2 }, { key });
      expect(retried.statusCode).toBe(201);
      expect(await stockOf(t, productId)).toBe(3);
    });

    it('rejects a malformed key', async () => {
      const productId = await seedProduct(t, 'hardware');
      const res = await placeOrder(
        t,
        employee,
        { productId, quantity: 1 },
        { key: 'x'.repeat(300) },
      );
      expect(res.statusCode).toBe(400);
    });

    it('replays edits and deletes too', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const order = (await placeOrder(t, employee, { productId, quantity: 1 })).json<OrderJson>();
      const key = randomUUID();
      const edit = () =>
        request(t, {
          method: 'PUT',
          url: `/api/v1/hardware/orders/${order._id}`,
          token: admin,
          headers: { 'idempotency-key': key },
          payload: { quantity: 3 },
        });
      expect((await edit()).statusCode).toBe(200);
      const again = await edit();
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await stockOf(t, productId)).toBe(7);

      const deleteKey = randomUUID();
      const remove = () =>
        request(t, {
          method: 'DELETE',
          url: `/api/v1/hardware/orders/${order._id}`,
          token: admin,
          headers: { 'idempotency-key': deleteKey },
        });
      expect((await remove()).statusCode).toBe(200);
      const removedAgain = await remove();
      expect(removedAgain.statusCode).toBe(200);
      expect(removedAgain.json()).toEqual({ message: 'Order deleted successfully' });
      expect(await stockOf(t, productId)).toBe(10);
    });
  });

  describe('editing and deleting orders (admin)', () => {
    it('adjusts stock by the difference, up and down, and recomputes the total', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10, price: 500 });
      const order = (await placeOrder(t, employee, { productId, quantity: 2 })).json<OrderJson>();
      expect(await stockOf(t, productId)).toBe(8);

      const up = await request(t, {
        method: 'PUT',
        url: `/api/v1/hardware/orders/${order._id}`,
        token: admin,
        payload: { quantity: 5 },
      });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({
        message: 'Order updated successfully',
        order: { _id: order._id, quantity: 5, price: 500, total: 2500 },
      });
      expect(await stockOf(t, productId)).toBe(5);

      const down = await request(t, {
        method: 'PUT',
        url: `/api/v1/hardware/orders/${order._id}`,
        token: admin,
        payload: { quantity: 1 },
      });
      expect(down.statusCode).toBe(200);
      expect(await stockOf(t, productId)).toBe(9);
    });

    it('answers 409 when the increase exceeds the stock and changes nothing', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 3 });
      const order = (await placeOrder(t, employee, { productId, quantity: 2 })).json<OrderJson>();
      const res = await request(t, {
        method: 'PUT',
        url: `/api/v1/hardware/orders/${order._id}`,
        token: admin,
        payload: { quantity: 4 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Quantity exceeds available stock', available: 1 });
      expect(await stockOf(t, productId)).toBe(1);
      const detail = await request(t, {
        method: 'GET',
        url: `/api/v1/hardware/orders/${order._id}`,
        token: admin,
      });
      expect(detail.json<OrderJson>().quantity).toBe(2);
    });

    it('returns the stock of a deleted order and hides the order', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const order = (await placeOrder(t, employee, { productId, quantity: 4 })).json<OrderJson>();
      const res = await request(t, {
        method: 'DELETE',
        url: `/api/v1/hardware/orders/${order._id}`,
        token: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Order deleted successfully' });
      expect(await stockOf(t, productId)).toBe(10);
      const detail = await request(t, {
        method: 'GET',
        url: `/api/v1/hardware/orders/${order._id}`,
        token: admin,
      });
      expect(detail.statusCode).toBe(404);
      expect(detail.json()).toEqual({ message: 'Order not found' });
      const again = await request(t, {
        method: 'DELETE',
        url: `/api/v1/hardware/orders/${order._id}`,
        token: admin,
      });
      expect(again.statusCode).toBe(404);
    });

    it('does not reach an order of another department through this department', async () => {
      const productId = await seedProduct(t, 'stationery');
      const order = (
        await placeOrder(t, admin, { productId, quantity: 1 }, { department: 'stationery' })
      ).json<OrderJson>();
      expect(order.orderId).toMatch(/^ORD-ST-/);
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await request(t, {
          method,
          url: `/api/v1/hardware/orders/${order._id}`,
          token: admin,
          ...(method === 'PUT' ? { payload: { quantity: 1 } } : {}),
        });
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe('listing orders', () => {
    it('returns an empty array when a department has no orders', async () => {
      const res = await request(t, {
        method: 'GET',
        url: '/api/v1/fresh-oil/orders',
        token: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('lists newest first', async () => {
      const productId = await seedProduct(t, 'animal-feeding', { quantity: 10 });
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const res = await placeOrder(
          t,
          admin,
          { productId, quantity: 1 },
          { department: 'animal-feeding' },
        );
        ids.push(res.json<OrderJson>()._id);
      }
      const res = await request(t, {
        method: 'GET',
        url: '/api/v1/animal-feeding/orders',
        token: admin,
      });
      expect(res.json<OrderJson[]>().map((order) => order._id)).toEqual(ids.reverse());
    });
  });
});
