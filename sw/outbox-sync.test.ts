import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../src/db/database.ts';
import { placeOrder } from '../src/features/orders/commands/place-order.ts';
import {
  baseUrl,
  fakeFetch,
  json,
  orderJson,
  product,
  signIn,
  testDb,
} from '../tests/support/sync.ts';
import { replayOutboxOnSync } from './outbox-sync.ts';
import { offlineEntities } from '../src/app/offline-entities.ts';
import { registerOfflineEntities } from '../src/sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;

beforeEach(async () => {
  db = testDb();
  await signIn(db);
  await db.products.put(product());
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('service worker outbox sync', () => {
  it('sends a queue that backed off while offline as soon as the browser fires the sync event', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    // Attempts while the tablet was offline left the head waiting for its next try.
    await db.outbox.update(placed.entryId, { attempts: 6, nextAttemptAt: Date.now() + 300_000 });

    const server = fakeFetch(({ body }) =>
      json(201, orderJson(body as { _id: string; productId: string; quantity: number })),
    );
    await replayOutboxOnSync({ db, fetch: server.fetch, baseUrl, locks: null });

    expect(server.requests.map((r) => r.headers.get('idempotency-key'))).toEqual([placed.entryId]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('rejects while entries are still queued, so the browser fires the sync again later', async () => {
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    const server = fakeFetch(() => json(503, { message: 'Service Unavailable' }));
    await expect(
      replayOutboxOnSync({ db, fetch: server.fetch, baseUrl, locks: null }),
    ).rejects.toThrow('Outbox not drained');
    expect(await db.outbox.count()).toBe(1);
  });
});
