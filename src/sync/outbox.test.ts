import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database.ts';
import { placeOrder } from '../features/orders/commands/place-order.ts';
import { queueOf } from './outbox.ts';
import { alice, bob, product, signIn, testDb } from './test-support.ts';
import { catalogOfflineEntities } from '../app/offline-entities.ts';
import { registerOfflineEntities } from './registry.ts';

// Declares the catalog's lists and writes, the entities these tests queue and pull.
registerOfflineEntities(catalogOfflineEntities);

let db: AppDatabase;

beforeEach(async () => {
  db = testDb();
  await db.products.put(product({ quantity: 100 }));
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('queueOf', () => {
  it('starts at the oldest pending or sending entry of the user, past failed ones and other users', async () => {
    await signIn(db, bob);
    const bobs = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await signIn(db, alice);
    const failed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    const sending = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await db.outbox.update(failed.entryId, { status: 'failed' });
    await db.outbox.update(sending.entryId, { status: 'sending' });

    expect((await queueOf(db, alice._id, 1)).map((entry) => entry.id)).toEqual([sending.entryId]);
    expect((await queueOf(db, bob._id, 1)).map((entry) => entry.id)).toEqual([bobs.entryId]);
    expect(await queueOf(db, 'nobody', 1)).toEqual([]);
  });
});
