import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderJson } from '../../domain/orders.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import {
  multipart,
  orderCount,
  placeOrder,
  pngBytes,
  seedProduct,
  stockOf,
} from './catalog-fixtures.ts';

type Call = { name: string; options: () => Promise<InjectOptions> };

describeEachDatabase('catalog access', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let productId: string;
  let orderId: string;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'godown' });
    productId = await seedProduct(t, 'hardware', { quantity: 50 });
    orderId = (await placeOrder(t, admin, { productId, quantity: 1 })).json<OrderJson>()._id;
  });
  afterAll(() => t.close());

  const productBody = { name: 'Hammer', description: 'Steel', price: 100, quantity: 5 };
  const every: Call[] = [
    {
      name: 'GET products',
      options: async () => ({ method: 'GET', url: '/api/v1/hardware/products' }),
    },
    {
      name: 'GET products?updatedSince',
      options: async () => ({ method: 'GET', url: '/api/v1/hardware/products?updatedSince=0' }),
    },
    {
      name: 'GET product',
      options: async () => ({ method: 'GET', url: `/api/v1/hardware/products/${productId}` }),
    },
    {
      name: 'POST product',
      options: async () => {
        const { payload, headers } = await multipart(
          { name: 'Saw', description: 'Wood', price: '10', quantity: '1' },
          { bytes: pngBytes() },
        );
        return { method: 'POST', url: '/api/v1/hardware/products', payload, headers };
      },
    },
    {
      name: 'PUT product',
      options: async () => ({
        method: 'PUT',
        url: `/api/v1/hardware/products/${productId}`,
        payload: productBody,
      }),
    },
    {
      name: 'DELETE product',
      options: async () => ({ method: 'DELETE', url: `/api/v1/hardware/products/${productId}` }),
    },
    {
      name: 'GET orders',
      options: async () => ({ method: 'GET', url: '/api/v1/hardware/orders' }),
    },
    {
      name: 'GET order',
      options: async () => ({ method: 'GET', url: `/api/v1/hardware/orders/${orderId}` }),
    },
    {
      name: 'POST order',
      options: async () => ({
        method: 'POST',
        url: '/api/v1/hardware/orders',
        payload: { productId, quantity: 1 },
      }),
    },
    {
      name: 'PUT order',
      options: async () => ({
        method: 'PUT',
        url: `/api/v1/hardware/orders/${orderId}`,
        payload: { quantity: 2 },
      }),
    },
    {
      name: 'DELETE order',
      options: async () => ({ method: 'DELETE', url: `/api/v1/hardware/orders/${orderId}` }),
    },
  ];
  const adminOnly = new Set([
    'POST product',
    'PUT product',
    'DELETE product',
    'PUT order',
    'DELETE order',
  ]);

  it('answers 401 without a token on every route', async () => {
    for (const call of every) {
      const res = await t.app.inject(await call.options());
      expect(res.statusCode, call.name).toBe(401);
    }
  });

  it('answers 403 to users of another department on every route, by id too', async () => {
    const outsiders = [
      await createUser(t, { role: 'employee', category: 'stationery' }),
      await createUser(t, { role: 'other', category: 'printing' }),
    ];
    for (const outsider of outsiders) {
      for (const call of every) {
        const res = await request(t, { ...(await call.options()), token: outsider });
        expect(res.statusCode, call.name).toBe(403);
      }
    }
    expect(await stockOf(t, productId)).toBe(49);
    expect(await orderCount(t, productId)).toBe(1);
  });

  it('lets department members (any role) read and order, and nothing admin-only', async () => {
    for (const role of ['employee', 'other'] as const) {
      const member = await createUser(t, { role, category: 'hardware' });
      for (const call of every) {
        const res = await request(t, {
          ...(await call.options()),
          token: member,
          headers: { ...(await call.options()).headers, 'idempotency-key': randomUUID() },
        });
        if (adminOnly.has(call.name)) expect(res.statusCode, `${role} ${call.name}`).toBe(403);
        else expect(res.statusCode, `${role} ${call.name}`).toBeLessThan(300);
      }
    }
    // Two members each placed one order; nothing else changed.
    expect(await orderCount(t, productId)).toBe(3);
    expect(await stockOf(t, productId)).toBe(47);
  });
});
