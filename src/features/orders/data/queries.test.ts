import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database.ts';
import { dropDb, product, signedInDb } from '../../../../tests/support/sync.ts';
import { placeOrder } from '../commands/place-order.ts';
import { getOrder, listOrders, readOrderLocations } from './queries.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

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

  it('find where the ordered products are kept, only live products of the department', async () => {
    await db.products.bulkPut([
      product({ _id: 'g-1', department: 'godown', name: 'Maize bags', location: 'Deck A' }),
      product({ _id: 'g-2', department: 'godown', name: 'Maize bags', location: 'Main Store' }),
    ]);
    const locations = await readOrderLocations(
      'godown',
      [{ productId: 'g-1' }, { productId: 'g-2' }, { productId: 'g-1' }, { productId: 'gone' }],
      db,
    );
    expect([...locations]).toEqual([
      ['g-1', 'Deck A'],
      ['g-2', 'Main Store'],
    ]);
    expect((await readOrderLocations('hardware', [{ productId: 'g-1' }], db)).size).toBe(0);
  });
});
