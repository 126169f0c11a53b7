import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database.ts';
import { dropDb, product, signedInDb } from '../../../sync/test-support.ts';
import { placeOrder } from '../commands/place-order.ts';
import { getOrder, listOrders } from './queries.ts';

let db: AppDatabase;

beforeEach(async () => (db = await signedInDb(product({ _id: 'p-saw', name: 'Saw' }))));
afterEach(() => dropDb(db));

describe('order queries', () => {
  it('list a department’s orders newest first and find one only in its department', async () => {
    let t = Date.UTC(2026, 1, 1, 10);
    const later = () => (t += 1000);
    const first = await placeOrder(
      'hardware',
      { productId: 'p-saw', quantity: 1 },
      { db, now: later },
    );
    const second = await placeOrder(
      'hardware',
      { productId: 'p-saw', quantity: 1 },
      { db, now: later },
    );
    expect((await listOrders('hardware', db)).map((o) => o._id)).toEqual([second.id, first.id]);
    expect(await getOrder('hardware', first.id, db)).toBeDefined();
    expect(await getOrder('godown', first.id, db)).toBeUndefined();
  });
});
