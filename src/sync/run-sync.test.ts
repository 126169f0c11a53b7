import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database.ts';
import { placeOrder } from '../features/orders/commands/place-order.ts';
import { departmentsForSession, runSync } from './run-sync.ts';
import { lastSyncKey } from './sync-state-keys.ts';
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
} from './test-support.ts';
import { catalogOfflineEntities } from '../app/offline-entities.ts';
import { registerOfflineEntities } from './registry.ts';

// Declares the catalog's lists and writes, the entities these tests queue and pull.
registerOfflineEntities(catalogOfflineEntities);

let db: AppDatabase;
const clock = Date.UTC(2026, 1, 1, 10);

beforeEach(async () => {
  db = testDb();
  await db.products.put(product());
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('runSync', () => {
  it('pushes first, then pulls the user’s department, then records the sync time', async () => {
    await signIn(db, bob);
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    const server = fakeFetch(({ method, path, body }) => {
      if (method === 'POST')
        return json(201, orderJson(body as { _id: string; productId: string; quantity: number }));
      return json(200, { items: [], deleted: [], cursor: `${path}-1` });
    });

    const result = await runSync({
      db,
      fetch: server.fetch,
      baseUrl,
      locks: null,
      now: () => clock,
    });

    expect(result.ok).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST hardware/orders',
      'GET hardware/products',
      'GET hardware/orders',
    ]);
    expect(await db.outbox.get(placed.entryId)).toBeUndefined();
    expect((await db.syncState.get(lastSyncKey))?.lastSyncedAt).toBe(clock);
  });

  it('does not record a sync when the server cannot be reached', async () => {
    await signIn(db, bob);
    const server = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const result = await runSync({
      db,
      fetch: server.fetch,
      baseUrl,
      locks: null,
      now: () => clock,
    });
    expect(result.ok).toBe(false);
    expect(await db.syncState.get(lastSyncKey)).toBeUndefined();
  });

  it('pulls every product department for admins and only their own for staff', () => {
    const session = { id: 'current' as const, token: 't', expiresAt: 1 };
    expect(departmentsForSession({ ...session, user: { ...alice } })).toHaveLength(5);
    expect(departmentsForSession({ ...session, user: { ...bob } })).toEqual(['hardware']);
    expect(departmentsForSession({ ...session, user: { ...bob, category: 'printing' } })).toEqual(
      [],
    );
  });
});
