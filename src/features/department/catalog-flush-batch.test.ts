import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import { editOrderQuantity } from '../orders/commands/edit-order-quantity.ts';
import { placeOrder } from '../orders/commands/place-order.ts';
import { createProduct } from '../products/commands/create-product.ts';
import { flushOutbox } from '../../sync/flusher.ts';
import {
  baseUrl,
  fakeFetch,
  json,
  orderJson,
  product,
  signIn,
  testDb,
  type FakeHandler,
} from '../../../tests/support/sync.ts';
import { catalogOfflineEntities } from '../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../sync/registry.ts';

// Declares the catalog's lists and writes, the entities these tests queue and pull.
registerOfflineEntities(catalogOfflineEntities);

/**
 * Batched push (decision 0006): up to 50 entries per POST /batch, in FIFO order, with docs/offline-model.md's
 * rules kept per entry. The fake server unpacks batches the way the real one does.
 */
let db: AppDatabase;
const clock = Date.UTC(2026, 1, 1, 10);
const deps = () => ({ db, now: () => clock });

beforeEach(async () => {
  db = testDb();
  await signIn(db);
  await db.products.bulkPut([
    product({ quantity: 1_000 }),
    product({ _id: 'p-saw', name: 'Saw', price: 20_000, quantity: 5 }),
  ]);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

const acceptOrders: FakeHandler = ({ method, path, body }) => {
  if (method === 'POST' && path === 'hardware/orders')
    return json(201, orderJson(body as { _id: string; productId: string; quantity: number }));
  if (method === 'PUT') return json(200, { message: 'Order updated successfully' });
  return json(200, { message: 'ok' });
};

function flush(handler: FakeHandler, rawBatch = false) {
  const server = fakeFetch(handler, { rawBatch });
  const result = flushOutbox({
    db,
    fetch: server.fetch,
    baseUrl,
    locks: null,
    now: () => clock,
  });
  return { result, server };
}

async function placeMany(count: number, productId = 'p-hammer') {
  const placed = [];
  for (let i = 0; i < count; i += 1)
    placed.push(await placeOrder('hardware', { productId, quantity: 1 }, deps()));
  return placed;
}

describe('batched push', () => {
  it('keeps each batch under the server’s byte limit: large bodies (a stock count) go in smaller batches', async () => {
    const placed = await placeMany(4);
    // Four entries of about 300 kB each: two fit in one batch, never four (1.2 MB > 1 MB).
    for (const { entryId } of placed) {
      const entry = await db.outbox.get(entryId);
      await db.outbox.update(entryId, {
        body: { ...(entry?.body as object), note: 'x'.repeat(300_000) },
      });
    }
    const { result, server } = flush(acceptOrders);
    expect(await result).toEqual({ status: 'flushed', sent: 4, failed: 0 });
    const sizes = server.batches.map((b) => (b.body as { requests: unknown[] }).requests.length);
    expect(sizes).toEqual([2, 2]);
    for (const batch of server.batches) {
      expect(new TextEncoder().encode(JSON.stringify(batch.body)).length).toBeLessThan(1024 * 1024);
    }
  });

  it('sends 60 queued orders in batches of at most 50, in FIFO order, each with its own key', async () => {
    const placed = await placeMany(60);
    const { result, server } = flush(acceptOrders);
    expect(await result).toEqual({ status: 'flushed', sent: 60, failed: 0 });
    expect(server.batches).toHaveLength(2);
    const sizes = server.batches.map((b) => (b.body as { requests: unknown[] }).requests.length);
    expect(sizes).toEqual([50, 10]);
    expect(server.requests.map((r) => r.headers.get('idempotency-key'))).toEqual(
      placed.map((p) => p.entryId),
    );
    const first = (server.batches[0]?.body as { requests: Record<string, unknown>[] }).requests[0];
    expect(first).toMatchObject({
      id: placed[0]?.entryId,
      method: 'POST',
      url: '/hardware/orders',
      headers: { 'idempotency-key': placed[0]?.entryId },
    });
    expect(server.batches[0]?.headers.get('authorization')).toBe('Bearer token-user-alice');
    expect(await db.outbox.count()).toBe(0);
    // Sixty commands on fake-indexeddb take a few seconds on a loaded machine.
  }, 30_000);

  it('stops at a transient failure: earlier entries done, that one backs off, the rest (424) stay queued untouched', async () => {
    const placed = await placeMany(5);
    let seen = 0;
    const { result, server } = flush((request) => {
      seen += 1;
      return seen === 3 ? json(503, { message: 'Service Unavailable' }) : acceptOrders(request);
    });
    const outcome = await result;
    expect(outcome).toMatchObject({ status: 'backoff', sent: 2, failed: 0, unreachable: false });
    expect(server.requests).toHaveLength(3);
    const left = await db.outbox.orderBy('createdAt').toArray();
    expect(left.map((e) => e.id)).toEqual(placed.slice(2).map((p) => p.entryId));
    expect(left.map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(left[0]?.nextAttemptAt).toBeGreaterThan(clock);
  });

  it('marks a permanently rejected entry failed and goes on with the ones after it', async () => {
    const placed = await placeMany(3);
    const { result } = flush(({ body, ...rest }) =>
      (body as { _id: string })._id === placed[1]?.id
        ? json(409, { message: 'Quantity exceeds available stock' })
        : acceptOrders({ body, ...rest }),
    );
    expect(await result).toEqual({ status: 'flushed', sent: 2, failed: 1 });
    expect(await db.outbox.get(placed[1]?.entryId ?? '')).toMatchObject({
      status: 'failed',
      lastError: 'Quantity exceeds available stock',
    });
    expect(await db.orders.get(placed[1]?.id ?? '')).toBeUndefined();
  });

  it('holds back an entry that depends on one in the same batch until that one settles', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    const edit = await editOrderQuantity('hardware', placed.id, 2, deps());

    // The create of the order is rejected: the edit that needs it is failed with it, never sent.
    const { result, server } = flush(({ method, body, ...rest }) =>
      method === 'POST' && (body as { _id: string })._id === placed.id
        ? json(409, { message: 'Quantity exceeds available stock' })
        : acceptOrders({ method, body, ...rest }),
    );
    expect(await result).toMatchObject({ status: 'flushed', sent: 1, failed: 2 });
    expect(server.batches).toHaveLength(1);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(await db.outbox.get(edit.entryId)).toMatchObject({
      status: 'failed',
      lastError: 'Quantity exceeds available stock',
    });
  });

  it('sends a dependent in the next batch once what it needs was accepted', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());
    await editOrderQuantity('hardware', placed.id, 2, deps());
    const { result, server } = flush(acceptOrders);
    expect(await result).toEqual({ status: 'flushed', sent: 2, failed: 0 });
    // A batch of one is sent as the plain REST call.
    expect(server.batches).toHaveLength(0);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST hardware/orders',
      `PUT hardware/orders/${placed.id}`,
    ]);
  });

  it('sends a file upload on its own, as multipart, between batches', async () => {
    await placeMany(2);
    await createProduct(
      'hardware',
      {
        name: 'Drill',
        description: 'Cordless',
        price: 90_000,
        quantity: 3,
        image: new Blob(['png']),
      },
      deps(),
    );
    await placeMany(2);
    const { result, server } = flush(acceptOrders);
    expect(await result).toEqual({ status: 'flushed', sent: 5, failed: 0 });
    expect(server.batches).toHaveLength(2);
    expect(server.requests.map((r) => r.path)).toEqual([
      'hardware/orders',
      'hardware/orders',
      'hardware/products',
      'hardware/orders',
      'hardware/orders',
    ]);
    expect(server.requests[2]?.body).toBeInstanceOf(FormData);
  });

  it('falls back to one request per entry when the server has no /batch', async () => {
    await placeMany(3);
    const { result, server } = flush(
      (request) =>
        request.path === 'batch' ? json(404, { message: 'Not found' }) : acceptOrders(request),
      true,
    );
    expect(await result).toEqual({ status: 'flushed', sent: 3, failed: 0 });
    expect(server.requests.map((r) => r.path)).toEqual([
      'batch',
      'hardware/orders',
      'hardware/orders',
      'hardware/orders',
    ]);
  });

  it('keeps every entry of a batch that got no answer, under the same keys, and resends them', async () => {
    const placed = await placeMany(3);
    const down = flush(() => Promise.reject(new TypeError('Failed to fetch')), true);
    expect(await down.result).toMatchObject({ status: 'backoff', unreachable: true });
    const left = await db.outbox.orderBy('createdAt').toArray();
    expect(left.map((e) => [e.id, e.status])).toEqual(placed.map((p) => [p.entryId, 'pending']));
    // Entries left 'sending' by a tab that died mid-batch are simply sent again.
    await db.outbox.toCollection().modify({ status: 'sending', nextAttemptAt: 0 });
    const again = flush(acceptOrders);
    expect(await again.result).toEqual({ status: 'flushed', sent: 3, failed: 0 });
    expect(again.server.requests.map((r) => r.headers.get('idempotency-key'))).toEqual(
      placed.map((p) => p.entryId),
    );
  });
});
