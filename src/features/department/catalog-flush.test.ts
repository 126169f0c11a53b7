import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import { deleteOrder } from '../orders/commands/delete-order.ts';
import { editOrderQuantity } from '../orders/commands/edit-order-quantity.ts';
import { placeOrder } from '../orders/commands/place-order.ts';
import { createProduct } from '../products/commands/create-product.ts';
import { updateProduct } from '../products/commands/update-product.ts';
import { flushOutbox, type FlushOptions, type LockManagerLike } from '../../sync/flusher.ts';
import { discardEntry, retryEntry } from '../../sync/outbox.ts';
import { retryFailed } from '../../sync/retry.ts';
import {
  alice,
  baseUrl,
  bob,
  fakeFetch,
  json,
  orderJson,
  product,
  signIn,
  testDb,
  type FakeHandler,
  type SeenRequest,
} from '../../../tests/support/sync.ts';
import { catalogOfflineEntities } from '../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../sync/registry.ts';

// The catalog's writes (orders, products) through the sync engine's flusher: what the server's
// answers do to the mirror (stock rolled back on a refusal, the answer's record reconciled) and to
// the outbox. The flusher's own rules are proven on a made-up entity in src/sync's tests.
// Declares the catalog's lists and writes, the entities these tests queue and pull.
registerOfflineEntities(catalogOfflineEntities);

let db: AppDatabase;
let clock: number;

beforeEach(async () => {
  db = testDb();
  clock = Date.UTC(2026, 1, 1, 10);
  await signIn(db);
  await db.products.bulkPut([
    product(),
    product({ _id: 'p-saw', name: 'Saw', price: 20_000, quantity: 5 }),
  ]);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** A server that accepts every write and answers like the API. */
const acceptAll: FakeHandler = ({ method, path, body }) => {
  if (method === 'POST' && path === 'hardware/orders') {
    return json(201, orderJson(body as { _id: string; productId: string; quantity: number }));
  }
  if (method === 'PUT' && path.startsWith('hardware/orders/')) {
    const id = path.split('/')[2] ?? '';
    const quantity = (body as { quantity: number }).quantity;
    return json(200, {
      message: 'Order updated successfully',
      order: { ...orderJson({ _id: id, productId: 'p-hammer', quantity }) },
    });
  }
  return json(200, { message: 'ok' });
};

function flush(handler: FakeHandler, extra: Partial<FlushOptions> = {}) {
  const server = fakeFetch(handler);
  const result = flushOutbox({
    db,
    fetch: server.fetch,
    baseUrl,
    locks: null,
    now: () => clock,
    ...extra,
  });
  return { result, requests: server.requests };
}

const deps = () => ({ db, now: () => clock });

/** Retry (after editing) from the sync status: the entry's own command re-runs with a new key. */
async function retryCommand(entryId: string, edits: Record<string, unknown> = {}) {
  return (await retryFailed(entryId, edits, deps())) as { id: string; entryId: string };
}

describe('flushOutbox', () => {
  it('sends entries FIFO with the session token and the entry id as Idempotency-Key, then removes them', async () => {
    const first = await placeOrder('hardware', { productId: 'p-hammer', quantity: 2 }, deps());
    const second = await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());

    const { result, requests } = flush(acceptAll);

    expect(await result).toEqual({ status: 'flushed', sent: 2, failed: 0 });
    expect(requests.map((r) => (r.body as { _id: string })._id)).toEqual([first.id, second.id]);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-user-alice');
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual([
      first.entryId,
      second.entryId,
    ]);
    expect(requests[0]?.body).toEqual({ _id: first.id, productId: 'p-hammer', quantity: 2 });
    expect(await db.outbox.count()).toBe(0);
    // The server's row replaces the optimistic one: human order id, no longer waiting.
    const order = await db.orders.get(first.id);
    expect(order?.orderId).toBe('ORD-HW-000001');
    expect(order?.pendingOutboxId).toBeNull();
  });

  it('never stores the token in an entry and sends only the signed-in user’s entries', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    const [aliceEntry] = await db.outbox.toArray();
    expect(JSON.stringify(aliceEntry)).not.toContain('token-user-alice');

    await signIn(db, bob);
    const { result, requests } = flush(acceptAll);

    expect(await result).toEqual({ status: 'idle', sent: 0, failed: 0 });
    expect(requests).toHaveLength(0);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ userId: alice._id, status: 'pending' }),
    ]);
  });

  it('does nothing when nobody is signed in', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    await db.session.clear();
    const { result, requests } = flush(acceptAll);
    expect(await result).toEqual({ status: 'signed-out' });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
    ['a 503', () => json(503, { message: 'Service Unavailable' })],
    ['a 429', () => json(429, { message: 'Too Many Requests' })],
    ['a 408', () => json(408, { message: 'Request Timeout' })],
  ])('keeps the same entry and key and backs off after %s', async (_name, failure) => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 2 }, deps());

    const firstTry = flush(failure as FakeHandler);
    const outcome = await firstTry.result;

    expect(outcome.status).toBe('backoff');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ id: placed.entryId, status: 'pending', attempts: 1 });
    expect(entry?.nextAttemptAt).toBeGreaterThan(clock);
    expect(entry?.lastError).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
    // The optimistic change stays while the outcome is unknown.
    expect((await db.products.get('p-hammer'))?.quantity).toBe(8);

    // Before the backoff expires nothing is sent.
    const early = flush(acceptAll);
    expect((await early.result).status).toBe('backoff');
    expect(early.requests).toHaveLength(0);

    clock = entry?.nextAttemptAt ?? clock;
    const later = flush(acceptAll);
    expect(await later.result).toEqual({ status: 'flushed', sent: 1, failed: 0 });
    expect(later.requests[0]?.headers.get('idempotency-key')).toBe(placed.entryId);
    expect(await db.outbox.count()).toBe(0);
  });

  it('treats a timeout as an unknown outcome: same entry, same key, no new entry', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    const hanging = flush(() => new Promise<Response>(() => undefined), { timeoutMs: 5 });
    expect((await hanging.result).status).toBe('backoff');
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: placed.entryId, status: 'pending', attempts: 1 });
    expect(entries[0]?.lastError).toContain('TimeoutError');
  });

  it('applies a wrapped {message, product} response to the mirror', async () => {
    await updateProduct('hardware', 'p-hammer', { price: 13_000 }, deps());
    const { result } = flush(() =>
      json(200, {
        message: 'Product updated successfully!',
        product: { ...product({ price: 13_000, version: 2 }), department: undefined },
      }),
    );
    await result;
    expect(await db.products.get('p-hammer')).toMatchObject({
      price: 13_000,
      version: 2,
      department: 'hardware',
    });
  });

  it('backs off longer after each failed attempt', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    const delays: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await flush(() => json(500, {}), { backoff: { random: () => 0.5 } }).result;
      const entry = (await db.outbox.toArray())[0];
      delays.push((entry?.nextAttemptAt ?? 0) - clock);
      clock = entry?.nextAttemptAt ?? clock;
    }
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
    expect(delays[2]).toBeGreaterThan(delays[1] ?? 0);
    expect(delays[3]).toBeGreaterThan(delays[2] ?? 0);
    expect((await db.outbox.toArray())[0]?.attempts).toBe(4);
  });

  it('holds later entries behind a head entry that waits for its retry (strict FIFO)', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());
    const { requests, result } = flush(() => Promise.reject(new TypeError('offline')));
    await result;
    expect(requests).toHaveLength(1);
    expect((await db.outbox.orderBy('createdAt').toArray()).map((e) => e.status)).toEqual([
      'pending',
      'pending',
    ]);
  });

  it('tries a backed-off head at once when asked to ignore the backoff (Sync now, online)', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    await flush(() => Promise.reject(new TypeError('offline'))).result;
    const waiting = await db.outbox.get(placed.entryId);
    expect(waiting?.nextAttemptAt ?? 0).toBeGreaterThan(clock);

    // A timer or focus round while the backoff runs sends nothing …
    const early = flush(acceptAll);
    expect(await early.result).toMatchObject({ status: 'backoff', sent: 0 });
    expect(early.requests).toHaveLength(0);

    // … the user's 'Sync now' (or the browser's online event) sends the same entry right away.
    const forced = flush(acceptAll, { ignoreBackoff: true });
    expect(await forced.result).toMatchObject({ status: 'flushed', sent: 1 });
    expect(forced.requests.map((r) => r.headers.get('idempotency-key'))).toEqual([placed.entryId]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('still backs off again when a forced try fails, without looping', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    await flush(() => json(503, {})).result;
    const forced = flush(() => json(503, {}), { ignoreBackoff: true });
    expect(await forced.result).toMatchObject({ status: 'backoff', sent: 0 });
    expect(forced.requests).toHaveLength(1);
    expect((await db.outbox.get(placed.entryId))?.attempts).toBe(2);
  });

  it('pauses on 401, keeps every entry, and resumes after a new sign-in', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());

    const rejected = flush(() => json(401, { message: 'Unauthorized' }));
    expect(await rejected.result).toEqual({ status: 'auth-paused' });
    expect(rejected.requests).toHaveLength(1);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect((await db.products.get('p-hammer'))?.quantity).toBe(9);

    const stillPaused = flush(acceptAll);
    expect(await stillPaused.result).toEqual({ status: 'auth-paused' });
    expect(stillPaused.requests).toHaveLength(0);

    await signIn(db, alice, 'fresh-token', Date.UTC(2100, 0, 2));
    const resumed = flush(acceptAll);
    expect(await resumed.result).toEqual({ status: 'flushed', sent: 2, failed: 0 });
    expect(resumed.requests[0]?.headers.get('authorization')).toBe('Bearer fresh-token');
  });

  it('sends with a token this device’s clock calls expired: only the server’s 401 pauses', async () => {
    // The tablet's clock is days ahead: by it, the token ran out a minute ago.
    await signIn(db, alice, 'token-user-alice', clock - 60_000);
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    const accepted = flush(acceptAll);
    expect(await accepted.result).toEqual({ status: 'flushed', sent: 1, failed: 0 });

    await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());
    const refused = flush(() => json(401, { message: 'Invalid or expired token' }));
    expect(await refused.result).toEqual({ status: 'auth-paused' });
  });

  it('marks a permanently rejected entry failed, rolls it back, and sends the next one', async () => {
    const rejected = await placeOrder('hardware', { productId: 'p-hammer', quantity: 3 }, deps());
    const next = await placeOrder('hardware', { productId: 'p-saw', quantity: 2 }, deps());
    expect((await db.products.get('p-hammer'))?.quantity).toBe(7);

    const { result, requests } = flush((request) =>
      (request.body as { productId: string }).productId === 'p-hammer'
        ? json(409, { message: 'Quantity exceeds available stock', available: 1 })
        : acceptAll(request),
    );

    expect(await result).toEqual({ status: 'flushed', sent: 1, failed: 1 });
    expect(requests).toHaveLength(2);
    const failed = await db.outbox.get(rejected.entryId);
    // The stock the server has now travels with the refusal, for the clerk to retry with.
    expect(failed).toMatchObject({
      status: 'failed',
      lastError: 'Quantity exceeds available stock',
      refusal: { available: 1 },
    });
    expect(await db.orders.get(rejected.id)).toBeUndefined();
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
    expect(await db.outbox.get(next.entryId)).toBeUndefined();
    expect((await db.orders.get(next.id))?.orderId).toBe('ORD-HW-000001');
    // A failed entry is not sent again.
    const again = flush(acceptAll);
    expect(await again.result).toEqual({ status: 'idle', sent: 0, failed: 0 });
    expect(again.requests).toHaveLength(0);
  });

  it('fails entries that depend on a rejected one with the same reason and unwinds them all', async () => {
    const created = await placeOrder('hardware', { productId: 'p-hammer', quantity: 2 }, deps());
    const edited = await editOrderQuantity('hardware', created.id, 5, deps());
    const other = await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());
    const deleted = await deleteOrder('hardware', created.id, deps());
    expect((await db.outbox.get(edited.entryId))?.dependsOn).toEqual([created.entryId]);
    expect((await db.outbox.get(deleted.entryId))?.dependsOn).toEqual([
      created.entryId,
      edited.entryId,
    ]);

    const { result, requests } = flush((request) =>
      request.path === 'hardware/orders' &&
      (request.body as { productId: string }).productId === 'p-hammer'
        ? json(404, { message: 'Product not found' })
        : acceptAll(request),
    );

    expect(await result).toEqual({ status: 'flushed', sent: 1, failed: 3 });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST hardware/orders',
      'POST hardware/orders',
    ]);
    for (const id of [created.entryId, edited.entryId, deleted.entryId]) {
      expect(await db.outbox.get(id)).toMatchObject({
        status: 'failed',
        lastError: 'Product not found',
      });
    }
    expect(await db.outbox.get(other.entryId)).toBeUndefined();
    expect(await db.orders.get(created.id)).toBeUndefined();
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
    expect((await db.products.get('p-saw'))?.quantity).toBe(4);
  });

  it('re-queues a failed entry under a new key on retry and deletes it on discard', async () => {
    const first = await placeOrder('hardware', { productId: 'p-hammer', quantity: 3 }, deps());
    const second = await placeOrder('hardware', { productId: 'p-saw', quantity: 1 }, deps());
    await flush(() => json(409, { message: 'Quantity exceeds available stock' })).result;
    expect((await db.outbox.toArray()).every((e) => e.status === 'failed')).toBe(true);

    const newId = await retryEntry(first.entryId, {
      db,
      body: { _id: first.id, productId: 'p-hammer', quantity: 1 },
    });
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(first.entryId);
    expect(await discardEntry(second.entryId, { db })).toBe(true);

    const { result, requests } = flush(acceptAll);
    expect(await result).toEqual({ status: 'flushed', sent: 1, failed: 0 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('idempotency-key')).toBe(newId);
    expect(requests[0]?.body).toEqual({ _id: first.id, productId: 'p-hammer', quantity: 1 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.orders.get(first.id)).toMatchObject({ quantity: 1, orderId: 'ORD-HW-000001' });
  });

  it('re-runs a failed command after editing, re-applying its optimistic change', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 4 }, deps());
    await flush(() => json(409, { message: 'Quantity exceeds available stock' })).result;
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);

    const rerun = await retryCommand(placed.entryId, { quantity: 2 });

    expect(rerun.id).toBe(placed.id);
    expect(rerun.entryId).not.toBe(placed.entryId);
    expect(await db.outbox.get(placed.entryId)).toBeUndefined();
    expect(await db.outbox.get(rerun.entryId)).toMatchObject({
      status: 'pending',
      body: { quantity: 2 },
    });
    expect((await db.orders.get(placed.id))?.quantity).toBe(2);
    expect((await db.products.get('p-hammer'))?.quantity).toBe(8);
  });

  it('a Retry of a price edit refused as stale keeps the stock sold meanwhile (no old quantity replayed)', async () => {
    // The edit form sends every field; only the price differs from what the admin saw.
    const edit = await updateProduct(
      'hardware',
      'p-hammer',
      { name: 'Hammer', description: 'Steel claw hammer', price: 15_000, quantity: 10 },
      deps(),
    );
    const stale =
      'The stock of this product changed since you opened it. Review the new quantity and save again.';
    await flush(() => json(409, { message: stale })).result;
    expect(await db.outbox.get(edit.entryId)).toMatchObject({ status: 'failed', lastError: stale });
    expect((await db.products.get('p-hammer'))?.price).toBe(12_500);

    // The next pull brings the server's truth: two sold elsewhere, version 3.
    await db.products.put(product({ quantity: 8, version: 3 }));
    const retried = await retryCommand(edit.entryId, {});
    expect((await db.outbox.get(retried.entryId))?.body).toMatchObject({
      price: 15_000,
      quantity: 8,
      baseVersion: 3,
    });
    expect(await db.products.get('p-hammer')).toMatchObject({ price: 15_000, quantity: 8 });
  });

  it('keeps the failed entry when a re-run is refused locally', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 4 }, deps());
    await flush(() => json(409, { message: 'Quantity exceeds available stock' })).result;

    await expect(retryCommand(placed.entryId, { quantity: 11 })).rejects.toThrow(
      'Quantity exceeds available stock',
    );

    expect(await db.outbox.get(placed.entryId)).toMatchObject({ status: 'failed' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.orders.get(placed.id)).toBeUndefined();
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
  });

  it('resends an entry left in "sending" by a flusher that died, with the same key', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    await db.outbox.update(placed.entryId, { status: 'sending' });
    const { result, requests } = flush(acceptAll);
    expect(await result).toEqual({ status: 'flushed', sent: 1, failed: 0 });
    expect(requests[0]?.headers.get('idempotency-key')).toBe(placed.entryId);
  });

  it('treats 404 on a delete as done: the record is already gone', async () => {
    await db.orders.put({
      ...orderJson({ _id: 'o-1', productId: 'p-hammer', quantity: 1 }),
      department: 'hardware',
    });
    await deleteOrder('hardware', 'o-1', deps());
    const { result } = flush(() => json(404, { message: 'Order not found' }));
    expect(await result).toEqual({ status: 'flushed', sent: 1, failed: 0 });
    expect(await db.orders.get('o-1')).toBeUndefined();
    expect((await db.products.get('p-hammer'))?.quantity).toBe(11);
  });

  it('sends a product with an image as multipart built from the Blob kept in the outbox', async () => {
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const created = await createProduct(
      'hardware',
      { name: 'Drill', description: 'Cordless drill', price: 90_000, quantity: 3, image },
      deps(),
    );
    const { result, requests } = flush(({ body }) => {
      const form = body as FormData;
      return json(201, {
        _id: form.get('_id'),
        name: form.get('name'),
        description: form.get('description'),
        price: Number(form.get('price')),
        quantity: Number(form.get('quantity')),
        image: '/images/drill.png',
        version: 1,
        createdAt: '2026-02-01T10:00:00.000Z',
        updatedAt: '2026-02-01T10:00:00.000Z',
      });
    });
    expect((await result).status).toBe('flushed');
    const form = requests[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('_id')).toBe(created.id);
    expect(form.get('price')).toBe('90000');
    const file = form.get('image') as Blob;
    expect(file.size).toBe(4);
    expect((await db.products.get(created.id))?.image).toBe('/images/drill.png');
  });

  it('sends godown products as JSON', async () => {
    await createProduct(
      'godown',
      {
        name: 'Cement',
        description: '50 kg bag',
        price: 18_000,
        quantity: 40,
        location: 'Dar es Salaam',
      },
      deps(),
    );
    const { requests, result } = flush(() => json(201, {}));
    await result;
    expect(requests[0]?.headers.get('content-type')).toContain('application/json');
    expect(requests[0]?.body).toMatchObject({
      name: 'Cement',
      location: 'Dar es Salaam',
      quantity: 40,
    });
  });

  it('runs a single flusher at a time in one context', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = flush(async (request) => {
      await gate;
      return acceptAll(request);
    });
    const second = flush(acceptAll);
    expect(await second.result).toEqual({ status: 'busy' });
    release();
    expect(await slow.result).toEqual({ status: 'flushed', sent: 1, failed: 0 });
    expect(slow.requests.length + second.requests.length).toBe(1);
  });

  it('runs a single flusher across contexts through the Web Lock', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    const held = new Set<string>();
    const locks: LockManagerLike = {
      async request(name, _options, callback) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    // A second tab: another connection to the same database.
    const otherTab = new (db.constructor as new (name: string) => AppDatabase)(db.name);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: SeenRequest[] = [];
    const slow = flush(
      async (request) => {
        seen.push(request);
        await gate;
        return acceptAll(request);
      },
      { locks },
    );
    const server = fakeFetch(acceptAll);
    const other = await flushOutbox({
      db: otherTab,
      fetch: server.fetch,
      baseUrl,
      locks,
      now: () => clock,
    });
    expect(other).toEqual({ status: 'busy' });
    release();
    expect((await slow.result).status).toBe('flushed');
    expect(server.requests).toHaveLength(0);
    otherTab.close();
  });

  it('triggers a pull after a push round that changed something', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps());
    let pulls = 0;
    await flush(acceptAll, { afterPush: async () => void (pulls += 1) }).result;
    await flush(acceptAll, { afterPush: async () => void (pulls += 1) }).result;
    expect(pulls).toBe(1);
  });
});
