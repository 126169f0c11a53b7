import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchDependencyStatus,
  batchLimits,
  batchMessages,
  type BatchResponse,
  type BatchSubResponse,
} from '../../domain/batch.ts';
import { orderMessages, type OrderJson } from '../../domain/orders.ts';
import { nowIso } from '../../server/db/database.ts';
import { httpError } from '../../server/http-errors.ts';
import { resolveSubRequestPath } from '../../server/modules/batch/routes.ts';
import { authMessages } from '../../server/plugins/auth.ts';
import { registerWriteRoute } from '../../server/plugins/write-routes.ts';
import { orderCount, placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

interface SubRequest {
  id: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * A test-only write route on the test app instance (never in production code), declared like the
 * real ones so a batch may run it: it takes one unit of stock in its transaction and then fails
 * with the status in its path (a 500 is an unexpected error, as a bug would raise).
 */
function addProbeRoutes(app: FastifyInstance): void {
  registerWriteRoute(app, app.db, {
    method: 'POST',
    url: '/api/v1/test/take-then-fail/:productId/:status',
    access: { department: 'hardware' },
    parse: (params) => ({ productId: params.productId ?? '', status: params.status ?? '' }),
    run: async (trx, { productId, status }) => {
      await trx
        .updateTable('products')
        .set((eb) => ({ quantity: eb('quantity', '-', 1), updatedAt: nowIso() }))
        .where('id', '=', productId)
        .execute();
      if (status === '500') throw new Error('injected fault after a write');
      throw httpError(Number(status), 'injected rejection after a write');
    },
  });
}

function order(
  id: string,
  productId: string,
  quantity: number,
  options: { key?: string; department?: string } = {},
): SubRequest {
  return {
    id,
    method: 'POST',
    url: `/${options.department ?? 'hardware'}/orders`,
    headers: { 'idempotency-key': options.key ?? randomUUID() },
    body: { productId, quantity },
  };
}

function sendBatch(
  t: TestApp,
  user: { token: string } | undefined,
  requests: SubRequest[],
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return request(t, {
    method: 'POST',
    url: '/api/v1/batch',
    ...(user ? { token: user } : {}),
    payload: { requests },
    ...extra,
  });
}

function answers(res: LightMyRequestResponse): BatchSubResponse[] {
  expect(res.statusCode).toBe(200);
  return (res.json() as BatchResponse).responses;
}

function statuses(res: LightMyRequestResponse): number[] {
  return answers(res).map((answer) => answer.status);
}

describeEachDatabase('JSON batch', (target) => {
  let t: TestApp;
  let employee: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target, { extend: addProbeRoutes });
    employee = await createUser(t, { role: 'employee', category: 'hardware' });
    admin = await createUser(t, { role: 'admin', category: 'godown' });
  });
  afterAll(() => t.close());

  it('applies orders in order and answers each exactly as the route answers it alone', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 20, price: 1500 });
    const requests = [order('a', productId, 1), order('b', productId, 2), order('c', productId, 3)];
    const res = await sendBatch(t, employee, requests);
    const batch = answers(res);
    expect(batch.map((answer) => answer.id)).toEqual(['a', 'b', 'c']);
    expect(batch.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const orders = batch.map((answer) => answer.body as OrderJson);
    expect(orders.map((o) => o.quantity)).toEqual([1, 2, 3]);
    expect(orders.map((o) => o.total)).toEqual([1500, 3000, 4500]);
    // Placed in the order given: the department's order numbers follow the request order.
    const numbers = orders.map((o) => Number(o.orderId.replace(/\D/g, '')));
    expect(numbers[1]).toBe(Number(numbers[0]) + 1);
    expect(numbers[2]).toBe(Number(numbers[0]) + 2);
    expect(await stockOf(t, productId)).toBe(14);
    expect(await orderCount(t, productId)).toBe(3);

    // The same keys sent alone get the stored answers: what the batch answered is what the route
    // stored, byte for byte.
    for (const [index, sub] of requests.entries()) {
      const alone = await placeOrder(t, employee, sub.body as Record<string, unknown>, {
        key: sub.headers?.['idempotency-key'],
      });
      expect(alone.statusCode).toBe(201);
      expect(alone.headers['idempotent-replayed']).toBe('true');
      expect(alone.json()).toEqual(batch[index]?.body);
    }

    // A rejection reads the same in a batch as alone.
    const invalid = { productId, quantity: 0 };
    const aloneInvalid = await placeOrder(t, employee, invalid, { key: randomUUID() });
    const [batchInvalid] = answers(
      await sendBatch(t, employee, [
        { id: 'x', method: 'POST', url: '/hardware/orders', body: invalid },
      ]),
    );
    expect(batchInvalid).toEqual({
      id: 'x',
      status: aloneInvalid.statusCode,
      body: aloneInvalid.json(),
    });
    expect(aloneInvalid.statusCode).toBe(400);
    expect(await stockOf(t, productId)).toBe(14);
  });

  it('lets a sub-request build on the writes made before it in the same batch', async () => {
    const productId = randomUUID();
    const orderId = randomUUID();
    const res = await sendBatch(t, admin, [
      {
        id: 'create',
        method: 'POST',
        url: '/godown/products',
        headers: { 'Idempotency-Key': randomUUID() },
        body: {
          _id: productId,
          name: 'Batch sacks',
          price: 2000,
          quantity: 9,
          location: 'Shelf B',
          description: 'Made in this batch',
        },
      },
      {
        ...order('place', productId, 4, { department: 'godown' }),
        body: { productId, quantity: 4, _id: orderId },
      },
      {
        id: 'edit',
        method: 'PUT',
        url: `/godown/orders/${orderId}`,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { quantity: 2 },
      },
    ]);
    const [created, placed, edited] = answers(res);
    expect([created?.status, placed?.status, edited?.status]).toEqual([201, 201, 200]);
    expect((placed?.body as OrderJson).total).toBe(8000);
    expect(await stockOf(t, productId)).toBe(7);
  });

  it('holds no transaction between sub-requests: each commits on its own, as when sent alone', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const res = await sendBatch(t, employee, [
      order('a', productId, 2),
      { id: 'fault', method: 'POST', url: `/test/take-then-fail/${productId}/409` },
      order('b', productId, 3),
    ]);
    expect(statuses(res)).toEqual([201, 409, 201]);
    // The refused one rolled back its own transaction only.
    expect(await stockOf(t, productId)).toBe(5);
    // Nothing of the batch is left open: a plain write right after it neither waits nor fails.
    expect((await placeOrder(t, employee, { productId, quantity: 1 })).statusCode).toBe(201);
    expect(await stockOf(t, productId)).toBe(4);
  });

  it('authorizes every sub-request with the batch token: only the foreign department is refused', async () => {
    const hardware = await seedProduct(t, 'hardware', { quantity: 10 });
    const stationery = await seedProduct(t, 'stationery', { quantity: 10 });
    const res = await sendBatch(t, employee, [
      order('own-1', hardware, 1),
      order('foreign', stationery, 1, { department: 'stationery' }),
      order('own-2', hardware, 2),
      // A token in a sub-request's headers is ignored: this still runs as the employee.
      {
        id: 'as-admin',
        method: 'PUT',
        url: `/hardware/products/${hardware}`,
        headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': randomUUID() },
        body: { price: 1 },
      },
    ]);
    const batch = answers(res);
    expect(batch.map((answer) => answer.status)).toEqual([201, 403, 201, 403]);
    expect(batch[1]?.body).toEqual({ message: authMessages.accessDenied });
    expect(await stockOf(t, hardware)).toBe(7);
    expect(await stockOf(t, stationery)).toBe(10);
  });

  it('takes only the idempotency key, the device time and the content type from a sub-request', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const key = randomUUID();
    const madeAt = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    const sub: SubRequest = {
      ...order('placed', productId, 1, { key }),
      headers: {
        'Idempotency-Key': key,
        'x-made-at': madeAt,
        authorization: `Bearer ${admin.token}`,
        'x-forwarded-for': '203.0.113.9',
      },
    };
    const [placed] = answers(await sendBatch(t, employee, [sub]));
    expect(placed?.status).toBe(201);
    const placedId = (placed?.body as OrderJson)._id;
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['userId', 'madeAt'])
      .where('entityId', '=', placedId)
      .executeTakeFirstOrThrow();
    // Made by the batch's user (not the token in the sub-request), at the time the device said.
    expect(entry).toEqual({ userId: employee.id, madeAt });
    // The key is the sub-request's: sent alone with it, the order is replayed, not placed again.
    const alone = await placeOrder(t, employee, { productId, quantity: 1 }, { key });
    expect(alone.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(t, productId)).toBe(9);
  });

  it('keeps idempotency per sub-request: a replayed batch changes nothing, a changed body gets 422', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const requests = [order('a', productId, 1), order('b', productId, 2)];
    const first = answers(await sendBatch(t, employee, requests));
    expect(first.map((answer) => answer.status)).toEqual([201, 201]);
    const again = answers(await sendBatch(t, employee, requests));
    expect(again).toEqual(first);
    expect(await stockOf(t, productId)).toBe(7);
    expect(await orderCount(t, productId)).toBe(2);

    const changed = { ...requests[1], body: { productId, quantity: 3 } } as SubRequest;
    const mixed = answers(
      await sendBatch(t, employee, [requests[0] as SubRequest, changed, order('c', productId, 1)]),
    );
    expect(mixed.map((answer) => answer.status)).toEqual([201, 422, 201]);
    expect(mixed[0]).toEqual(first[0]);
    expect(await stockOf(t, productId)).toBe(6);
    expect(await orderCount(t, productId)).toBe(3);
  });

  it('rolls back only a sub-request answered 4xx; the ones after it still apply', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 5 });
    const shortKey = randomUUID();
    const res = await sendBatch(t, employee, [
      order('two', productId, 2),
      order('too-many', productId, 10, { key: shortKey }),
      // Takes one unit in its transaction, then answers 400: that unit must come back.
      { id: 'fault-400', method: 'POST', url: `/test/take-then-fail/${productId}/400` },
      order('one', productId, 1),
    ]);
    const batch = answers(res);
    expect(batch.map((answer) => answer.status)).toEqual([201, 409, 400, 201]);
    expect(batch[1]?.body).toEqual({ message: orderMessages.exceedsStock, available: 3 });
    expect(await stockOf(t, productId)).toBe(2);
    expect(await orderCount(t, productId)).toBe(2);
    // The rejected sub-request left no idempotency record: its key is free for a corrected body.
    const retry = await placeOrder(t, employee, { productId, quantity: 1 }, { key: shortKey });
    expect(retry.statusCode).toBe(201);
    expect(await stockOf(t, productId)).toBe(1);
  });

  it('stops at a 5xx: earlier sub-requests commit, the failed one rolls back, the rest get 424 and do not run', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const later = [order('c', productId, 1), order('d', productId, 1)];
    const res = await sendBatch(t, employee, [
      order('a', productId, 2),
      { id: 'fault', method: 'POST', url: `/test/take-then-fail/${productId}/500` },
      ...later,
    ]);
    const batch = answers(res);
    expect(batch.map((answer) => answer.status)).toEqual([
      201,
      500,
      batchDependencyStatus,
      batchDependencyStatus,
    ]);
    expect(batch[2]).toEqual({
      id: 'c',
      status: batchDependencyStatus,
      body: { message: batchMessages.notRun },
    });
    expect(await stockOf(t, productId)).toBe(8);
    expect(await orderCount(t, productId)).toBe(1);
    // The requests that did not run kept their keys unused.
    const retried = answers(await sendBatch(t, employee, later));
    expect(retried.map((answer) => answer.status)).toEqual([201, 201]);
    expect(await stockOf(t, productId)).toBe(6);
  });

  it('answers 413 with a JSON message above 1 MB and 400 above 100 sub-requests', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 500 });
    const padding = 'x'.repeat(batchLimits.maxBytes);
    const large = await sendBatch(t, employee, [
      {
        id: 'big',
        method: 'POST',
        url: '/hardware/orders',
        body: { productId, quantity: 1, padding },
      },
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ message: batchMessages.tooLarge });

    const tooMany = Array.from({ length: batchLimits.maxRequests + 1 }, (_, index) =>
      order(`o${index}`, productId, 1),
    );
    const many = await sendBatch(t, employee, tooMany);
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ message: batchMessages.tooMany });

    const full = answers(await sendBatch(t, employee, tooMany.slice(0, batchLimits.maxRequests)));
    expect(full).toHaveLength(batchLimits.maxRequests);
    expect(full.every((answer) => answer.status === 201)).toBe(true);
    expect(await stockOf(t, productId)).toBe(400);
  });

  it('answers 400 to a malformed batch and runs none of it', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const malformedJson = await request(t, {
      method: 'POST',
      url: '/api/v1/batch',
      token: employee,
      headers: { 'content-type': 'application/json' },
      payload: '{"requests": [',
    });
    expect(malformedJson.statusCode).toBe(400);
    expect(malformedJson.json()).toHaveProperty('message');

    const cases: [Record<string, unknown>, string | undefined][] = [
      [{}, undefined],
      [{ requests: [] }, batchMessages.empty],
      [
        { requests: [order('same', productId, 1), order('same', productId, 1)] },
        batchMessages.duplicateId,
      ],
      [{ requests: [{ id: 'm', method: 'TRACE', url: '/hardware/orders' }] }, undefined],
      [
        { requests: [{ id: 'u', method: 'GET', url: 'https://example.com/api/v1/users' }] },
        batchMessages.badUrl,
      ],
      [
        { requests: [{ id: 'u', method: 'GET', url: '//example.com/api/v1/users' }] },
        batchMessages.badUrl,
      ],
      [
        { requests: [order('ok', productId, 1), { id: 'u', method: 'GET', url: '/../../health' }] },
        batchMessages.badUrl,
      ],
      [
        {
          requests: [order('ok', productId, 1), { id: 'u', method: 'GET', url: '/%2e%2e/health' }],
        },
        batchMessages.badUrl,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/batch',
        token: employee,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json() as { message: string };
      if (message) expect(body.message).toBe(message);
      else expect(typeof body.message).toBe('string');
    }
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('answers 401 without a valid token and runs nothing', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const none = await sendBatch(t, undefined, [order('a', productId, 1)]);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: authMessages.missingToken });
    const forged = await sendBatch(t, { token: 'not-a-token' }, [order('a', productId, 1)]);
    expect(forged.statusCode).toBe(401);
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('refuses a nested batch and a non-JSON sub-request for that sub-request only', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 10 });
    const inner = { requests: [order('inner', productId, 5)] };
    const res = await sendBatch(t, employee, [
      { id: 'nested', method: 'POST', url: '/batch', body: inner },
      { id: 'nested-encoded', method: 'POST', url: '/%62atch/', body: inner },
      {
        id: 'multipart',
        method: 'POST',
        url: '/hardware/products',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: 'x',
      },
      order('after', productId, 1),
    ]);
    const batch = answers(res);
    expect(batch.map((answer) => answer.status)).toEqual([400, 400, 415, 201]);
    expect(batch[0]?.body).toEqual({ message: batchMessages.nested });
    expect(batch[1]?.body).toEqual({ message: batchMessages.nested });
    expect(batch[2]?.body).toEqual({ message: batchMessages.unsupportedType });
    expect(await stockOf(t, productId)).toBe(9);
  });

  it('runs concurrent batches and single requests side by side without blocking each other', async () => {
    const productId = await seedProduct(t, 'hardware', { quantity: 1000 });
    const users = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t, { role: 'employee', category: 'hardware' })),
    );
    const batches = users.map((user) =>
      sendBatch(
        t,
        user,
        Array.from({ length: 10 }, (_, index) => order(`o${index}`, productId, 1)),
      ),
    );
    const singles = users.map((user) =>
      placeOrder(t, user, { productId, quantity: 2 }, { key: randomUUID() }),
    );
    const reads = users.map((user) =>
      request(t, { method: 'GET', url: `/api/v1/hardware/products/${productId}`, token: user }),
    );
    const [batchResults, singleResults, readResults] = await Promise.all([
      Promise.all(batches),
      Promise.all(singles),
      Promise.all(reads),
    ]);
    for (const res of batchResults) {
      expect(statuses(res)).toEqual(Array.from({ length: 10 }, () => 201));
    }
    expect(singleResults.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(readResults.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await stockOf(t, productId)).toBe(1000 - 50 - 10);
    expect(await orderCount(t, productId)).toBe(55);
  });
});

describe('JSON batch sub-request urls', () => {
  it('stays under /api/v1 after resolving dot segments', () => {
    const prefix = '/api/v1';
    expect(resolveSubRequestPath(prefix, '/hardware/orders')).toBe('/api/v1/hardware/orders');
    expect(resolveSubRequestPath(prefix, '/hardware/./orders?x=1')).toBe(
      '/api/v1/hardware/orders?x=1',
    );
    expect(resolveSubRequestPath(prefix, '/hardware/../users')).toBe('/api/v1/users');
    expect(resolveSubRequestPath(prefix, '/..')).toBeUndefined();
    expect(resolveSubRequestPath(prefix, '/../v2/x')).toBeUndefined();
    expect(resolveSubRequestPath(prefix, '/%2E%2E/%2e%2e/health')).toBeUndefined();
    expect(resolveSubRequestPath(prefix, '/\\..\\..\\health')).toBeUndefined();
    expect(resolveSubRequestPath(prefix, '//evil.example/x')).toBeUndefined();
    expect(resolveSubRequestPath(prefix, 'hardware/orders')).toBeUndefined();
  });
});
