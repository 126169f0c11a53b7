import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database.ts';
import { placeOrder } from '../features/orders/commands/place-order.ts';
import { pullDepartment } from './pull.ts';
import { registerMirrorList, registerOfflineEntities, unregisterForTests } from './registry.ts';
import {
  bob,
  baseUrl,
  fakeFetch,
  json,
  orderJson,
  product,
  signIn,
  testDb,
  type FakeHandler,
} from './test-support.ts';
import { catalogOfflineEntities } from '../app/offline-entities.ts';

// Declares the catalog's lists and writes, the entities these tests queue and pull.
registerOfflineEntities(catalogOfflineEntities);

let db: AppDatabase;
const clock = Date.UTC(2026, 1, 1, 10);

beforeEach(async () => {
  db = testDb();
  await signIn(db);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

function serverProduct(overrides: Record<string, unknown> = {}) {
  const { department: _department, ...rest } = product();
  return { ...rest, ...overrides };
}

function pull(handler: FakeHandler) {
  const server = fakeFetch(handler);
  return {
    result: pullDepartment('hardware', { db, fetch: server.fetch, baseUrl, now: () => clock }),
    requests: server.requests,
  };
}

const emptyList = (cursor: string) => json(200, { items: [], deleted: [], cursor });

describe('pullDepartment', () => {
  it('starts from updatedSince=0, upserts rows, stores the cursor, and passes it next time', async () => {
    const first = pull(({ path }) =>
      path === 'hardware/products'
        ? json(200, { items: [serverProduct()], deleted: [], cursor: 'c-products-1' })
        : json(200, {
            items: [orderJson({ _id: 'o-1', productId: 'p-hammer', quantity: 2 })],
            deleted: [],
            cursor: 'c-orders-1',
          }),
    );
    expect(await first.result).toEqual({ status: 'ok', products: 1, orders: 1 });
    expect(
      first.requests.map((r) => [
        r.path,
        r.search.get('updatedSince'),
        r.headers.get('authorization'),
      ]),
    ).toEqual([
      ['hardware/products', '0', 'Bearer token-user-alice'],
      ['hardware/orders', '0', 'Bearer token-user-alice'],
    ]);
    expect(await db.products.get('p-hammer')).toMatchObject({
      department: 'hardware',
      name: 'Hammer',
      quantity: 10,
    });
    expect(await db.orders.get('o-1')).toMatchObject({
      department: 'hardware',
      orderId: 'ORD-HW-000001',
    });
    expect(await db.syncState.get('hardware/products')).toMatchObject({
      cursor: 'c-products-1',
      lastSyncedAt: clock,
    });
    expect((await db.syncState.get('hardware/orders'))?.cursor).toBe('c-orders-1');

    const second = pull(({ path }) =>
      path === 'hardware/products'
        ? json(200, {
            items: [serverProduct({ quantity: 4, version: 2 })],
            deleted: [],
            cursor: 'c-products-2',
          })
        : json(200, { items: [], deleted: ['o-1'], cursor: 'c-orders-2' }),
    );
    await second.result;
    expect(second.requests.map((r) => r.search.get('updatedSince'))).toEqual([
      'c-products-1',
      'c-orders-1',
    ]);
    expect((await db.products.get('p-hammer'))?.quantity).toBe(4);
    expect(await db.orders.get('o-1')).toBeUndefined();
  });

  it('does not overwrite or delete rows with a pending outbox change, then re-reads them once settled', async () => {
    await db.products.put(product());
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 3 }, { db });

    const during = pull(({ path }) =>
      path === 'hardware/products'
        ? json(200, {
            items: [serverProduct({ quantity: 10, name: 'Hammer (server)' })],
            deleted: [],
            cursor: 'c1',
          })
        : json(200, { items: [], deleted: [placed.id], cursor: 'o1' }),
    );
    await during.result;
    expect(await db.products.get('p-hammer')).toMatchObject({ quantity: 7, name: 'Hammer' });
    expect(await db.orders.get(placed.id)).toBeDefined();
    expect((await db.syncState.get('hardware/products'))?.skippedIds).toEqual(['p-hammer']);

    // The entry settles (sent and accepted): the next pull starts over to pick up what it skipped.
    await db.outbox.delete(placed.entryId);
    const after = pull(({ path }) =>
      path === 'hardware/products'
        ? json(200, {
            items: [serverProduct({ quantity: 7, name: 'Hammer (server)' })],
            deleted: [],
            cursor: 'c2',
          })
        : emptyList('o2'),
    );
    await after.result;
    expect(after.requests[0]?.search.get('updatedSince')).toBe('0');
    expect(await db.products.get('p-hammer')).toMatchObject({
      quantity: 7,
      name: 'Hammer (server)',
    });
    expect((await db.syncState.get('hardware/products'))?.skippedIds).toEqual([]);
  });

  it('remembers a skipped row across pulls and re-reads it from where it was skipped, not from 0', async () => {
    await db.syncState.put({ key: 'hardware/products', cursor: 'c1' });
    await db.syncState.put({ key: 'hardware/orders', cursor: 'o1' });
    await db.products.put(product());
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 3 }, { db });

    // Pull from c1 returns the hammer with a colleague's sale in it; it is skipped (ours is pending).
    await pull(({ path }) =>
      path === 'hardware/products'
        ? json(200, { items: [serverProduct({ quantity: 8 })], deleted: [], cursor: 'c2' })
        : emptyList('o2'),
    ).result;
    // Pull from c2 does not return the hammer again (unchanged since): it stays remembered.
    const quiet = pull(({ path }) =>
      path === 'hardware/products' ? emptyList('c3') : emptyList('o3'),
    );
    await quiet.result;
    expect(quiet.requests[0]?.search.get('updatedSince')).toBe('c2');
    expect(await db.syncState.get('hardware/products')).toMatchObject({
      skippedIds: ['p-hammer'],
      skippedSince: 'c1',
    });

    // Our order settles; the next pull rewinds to c1 and brings the server's stock (8 - 3 = 5).
    await db.outbox.delete(placed.entryId);
    const after = pull(({ path }) =>
      path === 'hardware/products'
        ? json(200, { items: [serverProduct({ quantity: 5 })], deleted: [], cursor: 'c4' })
        : emptyList('o4'),
    );
    await after.result;
    expect(after.requests[0]?.search.get('updatedSince')).toBe('c1');
    expect(await db.products.get('p-hammer')).toMatchObject({ quantity: 5 });
    expect(await db.syncState.get('hardware/products')).toMatchObject({
      cursor: 'c4',
      skippedIds: [],
      skippedSince: null,
    });
  });

  it('treats a plain array as the whole list', async () => {
    await db.products.bulkPut([
      product({ _id: 'p-old', name: 'Old' }),
      product({ _id: 'p-oil', department: 'fresh-oil' }),
    ]);
    const { result } = pull(({ path }) =>
      path === 'hardware/products' ? json(200, [serverProduct()]) : json(200, []),
    );
    expect((await result).status).toBe('ok');
    expect(await db.products.get('p-old')).toBeUndefined();
    expect(await db.products.get('p-hammer')).toBeDefined();
    expect(await db.products.get('p-oil')).toBeDefined();
  });

  it('skips malformed rows and keeps the rest', async () => {
    const { result } = pull(({ path }) =>
      path === 'hardware/products'
        ? json(200, { items: [{ _id: 'broken' }, serverProduct()], deleted: [], cursor: 'c1' })
        : emptyList('o1'),
    );
    await result;
    expect(await db.products.get('broken')).toBeUndefined();
    expect(await db.products.get('p-hammer')).toBeDefined();
  });

  it('pauses on 401 and reports other failures without touching the cursor', async () => {
    const failing = pull(() => json(500, { message: 'boom' }));
    expect(await failing.result).toEqual({ status: 'error', message: 'boom' });
    expect(await db.syncState.get('hardware/products')).toBeUndefined();

    const unauthorized = pull(() => json(401, { message: 'Unauthorized' }));
    expect(await unauthorized.result).toEqual({ status: 'auth-paused' });
    const afterPause = pull(() => emptyList('x'));
    expect(await afterPause.result).toEqual({ status: 'auth-paused' });
    expect(afterPause.requests).toHaveLength(0);
  });

  it('reports a network failure as an error', async () => {
    const { result } = pull(() => Promise.reject(new TypeError('fetch failed')));
    expect((await result).status).toBe('error');
  });

  it('pulls a list only admins may read for an admin only; anyone else skips it', async () => {
    registerMirrorList({
      table: 'secretNotes',
      scope: 'department',
      departments: ['hardware'],
      path: (department) => `${department}/secret-notes`,
      pageSize: 10,
      toRecord: () => undefined,
      adminOnly: true,
    });
    try {
      const asAdmin = pull(() => emptyList('c'));
      await asAdmin.result;
      expect(asAdmin.requests.map((r) => r.path)).toContain('hardware/secret-notes');

      await signIn(db, bob);
      const asEmployee = pull(() => emptyList('c'));
      expect((await asEmployee.result).status).toBe('ok');
      expect(asEmployee.requests.map((r) => r.path)).not.toContain('hardware/secret-notes');
    } finally {
      unregisterForTests({ table: 'secretNotes' });
    }
  });
});
