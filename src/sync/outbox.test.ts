import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database.ts';
import { placeOrder } from '../features/orders/commands/place-order.ts';
import { headOf } from './outbox.ts';
import { alice, bob, product, signIn, testDb } from './test-support.ts';

let db: AppDatabase;

beforeEach(async () => {
  db = testDb();
  await db.products.put(product({ quantity: 100 }));
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('headOf', () => {
  it('is the oldest pending or sending entry of the user, past failed ones and other users', async () => {
    await signIn(db, bob);
    const bobs = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await signIn(db, alice);
    const failed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    const sending = await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, { db });
    await db.outbox.update(failed.entryId, { status: 'failed' });
    await db.outbox.update(sending.entryId, { status: 'sending' });

    expect((await headOf(db, alice._id))?.id).toBe(sending.entryId);
    expect((await headOf(db, bob._id))?.id).toBe(bobs.entryId);
    expect(await headOf(db, 'nobody')).toBeUndefined();
  });
});
