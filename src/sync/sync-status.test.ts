import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../db/database.ts';
import { placeOrder } from '../features/orders/commands/place-order.ts';
import { flushOutbox } from './flusher.ts';
import { markFailuresRead } from './outbox.ts';
import { retryFailed } from './retry.ts';
import { createSyncStatusStore, readQueueFacts } from './sync-status.ts';
import { alice, baseUrl, bob, fakeFetch, json, product, signIn, testDb } from './test-support.ts';
import { catalogOfflineEntities } from '../app/offline-entities.ts';
import { registerOfflineEntities } from './registry.ts';

// Declares the catalog's lists and writes, the entities these tests queue and pull.
registerOfflineEntities(catalogOfflineEntities);

let db: AppDatabase;
const clock = Date.UTC(2026, 1, 1, 10);

beforeEach(async () => {
  db = testDb();
  await signIn(db);
  await db.products.put(product());
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('sync status', () => {
  it('follows the queue: pending count, failures with the server message, auth pause', async () => {
    const store = createSyncStatusStore({ db, now: () => clock, online: true });
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().pendingCount));

    await placeOrder('hardware', { productId: 'p-hammer', quantity: 2 }, { db });
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await vi.waitFor(() => expect(store.getSnapshot().pendingCount).toBe(2));
    expect(store.getSnapshot()).toMatchObject({
      userId: alice._id,
      online: true,
      authPaused: false,
      failed: [],
    });

    const server = fakeFetch(({ body }) =>
      (body as { quantity: number }).quantity === 2
        ? json(409, { message: 'Quantity exceeds available stock' })
        : json(401, { message: 'Unauthorized' }),
    );
    await flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null, now: () => clock });

    await vi.waitFor(() => expect(store.getSnapshot().authPaused).toBe(true));
    const snapshot = store.getSnapshot();
    expect(snapshot.pendingCount).toBe(1);
    expect(snapshot.failed).toEqual([
      expect.objectContaining({
        kind: 'order.create',
        message: 'Quantity exceeds available stock',
        label: { key: 'sync.op.placeOrder', values: { product: 'Hammer', quantity: 2 } },
      }),
    ]);

    store.setSyncing(true);
    expect(store.getSnapshot().syncing).toBe(true);
    const stable = store.getSnapshot();
    expect(store.getSnapshot()).toBe(stable);
    unsubscribe();
  });

  it('says the server is unreachable while queued work got no answer, and not once it answers', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    expect((await readQueueFacts(db, clock)).serverUnreachable).toBe(false);
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    await flushOutbox({ db, fetch: down, baseUrl, locks: null, now: () => clock });
    expect((await readQueueFacts(db, clock)).serverUnreachable).toBe(true);
    // A server that answers, even with an error, is reachable.
    const busy = fakeFetch(() => json(503, { message: 'Busy' }));
    await flushOutbox({
      db,
      fetch: busy.fetch,
      baseUrl,
      locks: null,
      now: () => clock + 3_600_000,
    });
    expect((await readQueueFacts(db, clock + 3_600_000)).serverUnreachable).toBe(false);
  });

  it('counts unsent work per user for the logout warning', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await signIn(db, bob);
    expect(await readQueueFacts(db, clock)).toMatchObject({ userId: bob._id, pendingCount: 0 });
    await signIn(db, alice);
    expect(await readQueueFacts(db, clock)).toMatchObject({ userId: alice._id, pendingCount: 1 });
  });

  it('keeps a refusal unread until the user reads it, and unread again when it is refused anew', async () => {
    await db.products.put(product({ quantity: 5 }));
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 4 }, { db });
    const refuse = fakeFetch(() => json(409, { message: 'Quantity exceeds available stock' }));
    await flushOutbox({ db, fetch: refuse.fetch, baseUrl, locks: null, now: () => clock });
    const [failure] = (await readQueueFacts(db, clock)).failed;
    if (!failure) throw new Error('the order was not refused');
    // An order's quantity may be changed before Retry.
    expect(failure).toMatchObject({
      unread: true,
      editableQuantity: { field: 'quantity', value: 4 },
    });

    await markFailuresRead([failure.id], { db, now: () => clock });
    expect((await readQueueFacts(db, clock)).failed[0]).toMatchObject({ unread: false });

    // Retried for less, and refused again: a new notice.
    await retryFailed(failure.id, { quantity: 3 }, { db, now: () => clock });
    const facts = await readQueueFacts(db, clock);
    expect(facts).toMatchObject({ pendingCount: 1, failed: [] });
    expect((await db.outbox.toArray()).map((entry) => entry.body)).toEqual([
      expect.objectContaining({ quantity: 3 }),
    ]);
    await flushOutbox({ db, fetch: refuse.fetch, baseUrl, locks: null, now: () => clock });
    expect((await readQueueFacts(db, clock)).failed).toEqual([
      expect.objectContaining({ unread: true, editableQuantity: { field: 'quantity', value: 3 } }),
    ]);
  });

  it('asks for a new sign-in only after the server’s 401, not when this device’s clock passes the expiry', async () => {
    // By this tablet's clock the token ran out an hour ago; the server has not said so.
    await signIn(db, alice, 'token-user-alice', clock - 3_600_000);
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    expect((await readQueueFacts(db, clock)).authPaused).toBe(false);

    const server = fakeFetch(() => json(401, { message: 'Invalid or expired token' }));
    await flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null, now: () => clock });
    expect((await readQueueFacts(db, clock)).authPaused).toBe(true);
  });
});
