import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from './database.ts';

const name = 'upgrade-test-db';

afterEach(async () => {
  await Dexie.delete(name);
});

describe('the products mirror upgraded to natural order (version 5)', () => {
  it('gives rows stored by version 4 their sort key, so they stay listed', async () => {
    // A tablet that synced its products under version 4 ([department+name]).
    const old = new Dexie(name);
    old.version(4).stores({
      session: 'id',
      products: '_id, department, [department+name], updatedAt',
      orders: '_id, department, [department+createdAt], productId, updatedAt',
      outbox: 'id, [userId+createdAt], status, createdAt',
      syncState: 'key',
      printingOrders: '_id, department, [department+createdAt], updatedAt',
      movementLogs: '_id, department, [department+transferDate]',
      settings: '_id',
    });
    const row = (id: string, productName: string) => ({
      _id: id,
      department: 'hardware',
      name: productName,
      description: '',
      price: 1000,
      quantity: 1,
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    await old.table('products').bulkPut([row('a', 'item 10'), row('b', 'item 2')]);
    old.close();

    const upgraded = new AppDatabase(name);
    const listed = await upgraded.products
      .where('[department+sortName]')
      .between(['hardware', Dexie.minKey], ['hardware', Dexie.maxKey])
      .toArray();
    expect(listed.map((p) => p.name)).toEqual(['item 2', 'item 10']);
    upgraded.close();
  });
});
