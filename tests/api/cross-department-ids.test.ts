import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDepartmentId } from '../../domain/departments.ts';
import type { OrderJson } from '../../domain/orders.ts';
import type { PrintingOrderJson } from '../../domain/printing.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Client-made ids never tell an employee what another department holds (issue 13; decision
 * 0014): an order id of another department, sent by an employee, is answered exactly as a fresh
 * id is (the order is created in the employee's own department), while a repeat within one
 * department still gets 409. Routes where a client chooses ids but only admins may write
 * (products, stock transfers) answer an employee 403 whether the id exists or not.
 */
interface Page<T> {
  items: T[];
  deleted: string[];
}

const idTaken = { message: 'An order with this id already exists' };

/** The answer without what differs between any two orders (ids, numbers, times). */
function shape(res: LightMyRequestResponse) {
  const { _id, orderId, createdAt, updatedAt, ...rest } = res.json<OrderJson>();
  return {
    http: res.statusCode,
    keys: Object.keys(res.json<object>()).sort(),
    _id: typeof _id,
    orderId: orderId.replace(/\d+$/, 'n'),
    createdAt: typeof createdAt,
    updatedAt: typeof updatedAt,
    ...rest,
  };
}

describeEachDatabase('ids of other departments', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let hardwareClerk: TestUser;
  let stationeryClerk: TestUser;
  let printer: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    hardwareClerk = await createUser(t, { role: 'employee', category: 'hardware' });
    stationeryClerk = await createUser(t, { role: 'employee', category: 'stationery' });
    printer = await createUser(t, { role: 'employee', category: 'printing' });
  });
  afterAll(() => t.close());

  /** An order placed by the stationery clerk: the id the hardware clerk should learn nothing of. */
  async function stationeryOrder(quantity = 2) {
    const productId = await seedProduct(t, 'stationery', { quantity: 10, price: 700 });
    const res = await placeOrder(
      t,
      stationeryClerk,
      { _id: randomUUID(), productId, quantity },
      { department: 'stationery' },
    );
    expect(res.statusCode).toBe(201);
    return { order: res.json<OrderJson>(), productId };
  }

  function read(user: TestUser, department: ProductDepartmentId, path: string) {
    return request(t, { method: 'GET', url: `/api/v1/${department}/${path}`, token: user });
  }

  describe('orders', () => {
    it('answers another department’s order id exactly as a fresh id: 201 and an order of its own', async () => {
      const { order: theirs, productId: theirProduct } = await stationeryOrder(2);
      const productId = await seedProduct(t, 'hardware', { quantity: 10, price: 1_000 });

      const reused = await placeOrder(t, hardwareClerk, {
        _id: theirs._id,
        productId,
        quantity: 3,
      });
      const fresh = await placeOrder(t, hardwareClerk, {
        _id: randomUUID(),
        productId,
        quantity: 3,
      });
      expect(reused.statusCode).toBe(201);
      expect(shape(reused)).toEqual(shape(fresh));
      const mine = reused.json<OrderJson>();
      expect(mine).toMatchObject({ _id: theirs._id, productId, quantity: 3, total: 3_000 });
      expect(mine.orderId).toMatch(/^ORD-HW-/);
      expect(await stockOf(t, productId)).toBe(4);

      // Two orders, one per department, each whole and each seen only in its own department.
      expect((await read(hardwareClerk, 'hardware', `orders/${theirs._id}`)).json()).toEqual(mine);
      expect((await read(stationeryClerk, 'stationery', `orders/${theirs._id}`)).json()).toEqual(
        theirs,
      );
      expect(await stockOf(t, theirProduct)).toBe(8);
      const hardwareList = (await read(hardwareClerk, 'hardware', 'orders')).json<OrderJson[]>();
      expect(hardwareList.filter((order) => order._id === theirs._id)).toEqual([mine]);
      const stationeryList = (await read(stationeryClerk, 'stationery', 'orders')).json<
        OrderJson[]
      >();
      expect(stationeryList.filter((order) => order._id === theirs._id)).toEqual([theirs]);
    });

    it('still refuses an id already used in the same department (409), live or deleted', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const id = randomUUID();
      expect(
        (await placeOrder(t, hardwareClerk, { _id: id, productId, quantity: 1 })).statusCode,
      ).toBe(201);
      const again = await placeOrder(t, hardwareClerk, { _id: id, productId, quantity: 1 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(idTaken);
      const deleted = await request(t, {
        method: 'DELETE',
        url: `/api/v1/hardware/orders/${id}`,
        token: admin,
      });
      expect(deleted.statusCode).toBe(200);
      const afterDelete = await placeOrder(t, hardwareClerk, { _id: id, productId, quantity: 1 });
      expect(afterDelete.statusCode).toBe(409);
      expect(afterDelete.json()).toEqual(idTaken);
      expect(await stockOf(t, productId)).toBe(10);
    });

    it('gives one 201 and 409s (never a 500) to concurrent repeats of one id without a key', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 50 });
      const id = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          placeOrder(t, hardwareClerk, { _id: id, productId, quantity: 1 }),
        ),
      );
      const statuses = responses.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      for (const res of responses.filter((res) => res.statusCode === 409)) {
        expect(res.json()).toEqual(idTaken);
      }
      expect(await orderCount(t, productId)).toBe(1);
      expect(await stockOf(t, productId)).toBe(49);
    });

    it('keeps exactly-once with an Idempotency-Key for a reused id of another department', async () => {
      const { order: theirs } = await stationeryOrder();
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      const key = randomUUID();
      const body = { _id: theirs._id, productId, quantity: 2 };
      const first = await placeOrder(t, hardwareClerk, body, { key });
      const replay = await placeOrder(t, hardwareClerk, body, { key });
      expect(first.statusCode).toBe(201);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect(await orderCount(t, productId)).toBe(1);
      expect(await stockOf(t, productId)).toBe(8);
    });

    it('edits and deletes only the order of the department named in the path', async () => {
      const { order: theirs, productId: theirProduct } = await stationeryOrder(2);
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      await placeOrder(t, hardwareClerk, { _id: theirs._id, productId, quantity: 3 });

      const edited = await request(t, {
        method: 'PUT',
        url: `/api/v1/hardware/orders/${theirs._id}`,
        token: admin,
        payload: { quantity: 5 },
      });
      expect(edited.statusCode).toBe(200);
      expect(await stockOf(t, productId)).toBe(5);
      const deleted = await request(t, {
        method: 'DELETE',
        url: `/api/v1/hardware/orders/${theirs._id}`,
        token: admin,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await stockOf(t, productId)).toBe(10);
      expect((await read(hardwareClerk, 'hardware', `orders/${theirs._id}`)).statusCode).toBe(404);

      // The stationery order with the same id is untouched, and so is its stock.
      expect((await read(stationeryClerk, 'stationery', `orders/${theirs._id}`)).json()).toEqual(
        theirs,
      );
      expect(await stockOf(t, theirProduct)).toBe(8);
      const theirChanges = await read(stationeryClerk, 'stationery', 'orders?updatedSince=0');
      const page = theirChanges.json<Page<OrderJson>>();
      expect(page.deleted).not.toContain(theirs._id);
      expect(page.items.find((order) => order._id === theirs._id)).toEqual(theirs);
      const ourChanges = await read(hardwareClerk, 'hardware', 'orders?updatedSince=0');
      expect(ourChanges.json<Page<OrderJson>>().deleted).toContain(theirs._id);
    });
  });

  describe('printing orders', () => {
    it('take an id another department’s order has, as any fresh id', async () => {
      const { order: theirs } = await stationeryOrder();
      const body = {
        _id: theirs._id,
        description: '50 flyers',
        price: 200,
        quantity: 50,
        contact: '0712 345 678',
        category: 'books',
      };
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/printing/orders',
        token: printer,
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<PrintingOrderJson>()._id).toBe(theirs._id);
    });
  });

  describe('admin-only routes that take a client id', () => {
    it('answer an employee 403 for product create and stock transfer, whether the id exists or not', async () => {
      const existing = await seedProduct(t, 'stationery');
      const godownProduct = await seedProduct(t, 'godown', { location: 'Main Store' });
      for (const id of [existing, randomUUID()]) {
        const product = await request(t, {
          method: 'POST',
          url: '/api/v1/hardware/products',
          token: hardwareClerk,
          payload: { _id: id, name: 'Saw', description: 'Steel', price: 100, quantity: 1 },
        });
        expect(product.statusCode).toBe(403);
        expect(product.json()).toEqual({ message: 'Access denied' });
        const transfer = await request(t, {
          method: 'POST',
          url: '/api/v1/godown/inventory-movement',
          token: hardwareClerk,
          payload: {
            _id: id,
            destinationProductId: id,
            productId: godownProduct,
            transferQuantity: 1,
            origin: 'Main Store',
            destination: 'Annex',
            reason: 'Space',
          },
        });
        expect(transfer.statusCode).toBe(403);
        expect(transfer.json()).toEqual({ message: 'Access denied' });
      }
    });
  });
});
