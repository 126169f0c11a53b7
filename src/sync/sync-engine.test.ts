import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../db/database.ts';
import { placeOrder } from '../features/catalog/data/commands.ts';
import { createSyncEngine, type SyncEngine } from './sync-engine.ts';
import { createSyncStatusStore } from './sync-status.ts';
import {
  baseUrl,
  bob,
  fakeFetch,
  json,
  orderJson,
  product,
  signIn,
  testDb,
} from './test-support.ts';

let db: AppDatabase;
let engine: SyncEngine | undefined;

beforeEach(async () => {
  db = testDb();
  await signIn(db, bob);
  await db.products.put(product());
});

afterEach(async () => {
  engine?.stop();
  db.close();
  await db.delete();
});

function server() {
  return fakeFetch(({ method, path, body }) => {
    if (method === 'POST')
      return json(201, orderJson(body as { _id: string; productId: string; quantity: number }));
    return json(200, { items: [], deleted: [], cursor: `${path}-cursor` });
  });
}

describe('sync engine', () => {
  it('syncs on start, on online, and when a command queues an entry; stop detaches it', async () => {
    const api = server();
    const target = new EventTarget();
    const status = createSyncStatusStore({ db, online: false });
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target,
      status,
      isOnline: () => true,
      intervalMs: 3_600_000,
    });
    const pulls = () => api.requests.filter((r) => r.method === 'GET').length;

    await vi.waitFor(() => expect(pulls()).toBe(2));
    expect(status.getSnapshot().online).toBe(true);

    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pulls()).toBe(4));

    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await vi.waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    await vi.waitFor(async () => expect(await db.outbox.get(placed.entryId)).toBeUndefined());

    target.dispatchEvent(new Event('offline'));
    expect(status.getSnapshot().online).toBe(false);

    engine.stop();
    const before = api.requests.length;
    target.dispatchEvent(new Event('online'));
    expect(await engine.syncNow()).toBeUndefined();
    expect(api.requests.length).toBe(before);
  });

  it('coalesces triggers that arrive during a round into one more round', async () => {
    const api = server();
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target: null,
      intervalMs: 3_600_000,
    });
    const a = engine.syncNow();
    const b = engine.syncNow();
    const c = engine.syncNow();
    expect(a).toBe(b);
    expect(b).toBe(c);
    await a;
    // The start round plus at most one coalesced round: two pulls of two lists each.
    expect(api.requests.filter((r) => r.method === 'GET').length).toBe(4);
  });
});
