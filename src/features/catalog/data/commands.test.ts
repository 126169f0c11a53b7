import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database.ts';
import { alice, product, signIn, testDb } from '../../../sync/test-support.ts';
import {
  CommandError,
  createProduct,
  deleteOrder,
  deleteProduct,
  editOrderQuantity,
  placeOrder,
  updateProduct,
} from './commands.ts';
import { getOrder, getProduct, listOrders, listProducts } from './queries.ts';
import { applySteps, rollbackOf } from '../../../sync/outbox.ts';

let db: AppDatabase;
const now = () => Date.UTC(2026, 1, 1, 10);
const deps = () => ({ db, now });

beforeEach(async () => {
  db = testDb();
  await signIn(db);
  await db.products.put(product());
});

afterEach(async () => {
  db.close();
  await db.delete();
});

async function rollBack(entryId: string) {
  const entry = await db.outbox.get(entryId);
  if (!entry) throw new Error('missing entry');
  await db.transaction('rw', [db.products, db.orders], () => applySteps(db, rollbackOf(entry)));
}

describe('placeOrder', () => {
  it('writes the order, the lower stock and a pending outbox entry for the signed-in user', async () => {
    const { id, entryId } = await placeOrder(
      'hardware',
      { productId: 'p-hammer', quantity: 3 },
      deps(),
    );

    expect(await db.orders.get(id)).toMatchObject({
      department: 'hardware',
      productId: 'p-hammer',
      productName: 'Hammer',
      quantity: 3,
      price: 12_500,
      total: 37_500,
      status: 'pending',
      pendingOutboxId: entryId,
    });
    expect((await db.products.get('p-hammer'))?.quantity).toBe(7);
    expect(await db.outbox.get(entryId)).toMatchObject({
      userId: alice._id,
      kind: 'order.create',
      method: 'POST',
      path: 'hardware/orders',
      body: { _id: id, productId: 'p-hammer', quantity: 3 },
      status: 'pending',
      attempts: 0,
    });
  });

  it('refuses locally when the local stock is short, writing nothing', async () => {
    await expect(
      placeOrder('hardware', { productId: 'p-hammer', quantity: 11 }, deps()),
    ).rejects.toThrow(new CommandError('stock', 'Quantity exceeds available stock'));
    expect(await db.orders.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
  });

  it('refuses a quantity under 1 and a product of another department', async () => {
    await expect(
      placeOrder('hardware', { productId: 'p-hammer', quantity: 0 }, deps()),
    ).rejects.toThrow('Quantity must be at least 1');
    await expect(
      placeOrder('godown', { productId: 'p-hammer', quantity: 1 }, deps()),
    ).rejects.toThrow('Product not found');
  });

  it('writes neither the change nor the entry when the transaction fails part-way', async () => {
    db.outbox.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(
      placeOrder('hardware', { productId: 'p-hammer', quantity: 2 }, deps()),
    ).rejects.toThrow('disk full');
    expect(await db.orders.count()).toBe(0);
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses when nobody is signed in', async () => {
    await db.session.clear();
    await expect(
      placeOrder('hardware', { productId: 'p-hammer', quantity: 1 }, deps()),
    ).rejects.toMatchObject({
      code: 'signedOut',
    });
  });

  it('rolls back to the state before the order', async () => {
    const { id, entryId } = await placeOrder(
      'hardware',
      { productId: 'p-hammer', quantity: 3 },
      deps(),
    );
    await rollBack(entryId);
    expect(await db.orders.get(id)).toBeUndefined();
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
  });
});

describe('editOrderQuantity and deleteOrder', () => {
  it('move the local stock by the difference and undo exactly that', async () => {
    const placed = await placeOrder('hardware', { productId: 'p-hammer', quantity: 2 }, deps());
    const edited = await editOrderQuantity('hardware', placed.id, 6, deps());
    expect(await db.orders.get(placed.id)).toMatchObject({
      quantity: 6,
      total: 75_000,
      pendingOutboxId: edited.entryId,
    });
    expect((await db.products.get('p-hammer'))?.quantity).toBe(4);
    expect(await db.outbox.get(edited.entryId)).toMatchObject({
      method: 'PUT',
      path: `hardware/orders/${placed.id}`,
      body: { quantity: 6 },
      dependsOn: [placed.entryId],
    });

    await expect(editOrderQuantity('hardware', placed.id, 20, deps())).rejects.toThrow(
      'Quantity exceeds available stock',
    );

    await rollBack(edited.entryId);
    expect(await db.orders.get(placed.id)).toMatchObject({
      quantity: 2,
      total: 25_000,
      pendingOutboxId: placed.entryId,
    });
    expect((await db.products.get('p-hammer'))?.quantity).toBe(8);

    const deleted = await deleteOrder('hardware', placed.id, deps());
    expect(await db.orders.get(placed.id)).toBeUndefined();
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
    expect(await db.outbox.get(deleted.entryId)).toMatchObject({
      method: 'DELETE',
      body: undefined,
    });
    await rollBack(deleted.entryId);
    expect(await db.orders.get(placed.id)).toMatchObject({ quantity: 2 });
    expect((await db.products.get('p-hammer'))?.quantity).toBe(8);
  });

  it('report a missing order', async () => {
    await expect(editOrderQuantity('hardware', 'nope', 1, deps())).rejects.toThrow(
      'Order not found',
    );
    await expect(deleteOrder('hardware', 'nope', deps())).rejects.toThrow('Order not found');
  });
});

describe('product commands', () => {
  it('createProduct adds the product locally and queues it with its client id', async () => {
    const { id, entryId } = await createProduct(
      'godown',
      { name: 'Cement', description: '50 kg bag', price: 18_000, quantity: 40, location: 'Arusha' },
      deps(),
    );
    expect(await getProduct('godown', id, db)).toMatchObject({
      name: 'Cement',
      location: 'Arusha',
      quantity: 40,
    });
    expect(await db.outbox.get(entryId)).toMatchObject({
      method: 'POST',
      path: 'godown/products',
      body: { _id: id, name: 'Cement', location: 'Arusha' },
    });
  });

  it('createProduct keeps the image Blob in a multipart body for departments with images', async () => {
    const image = new Blob(['png'], { type: 'image/png' });
    const { entryId } = await createProduct(
      'hardware',
      { name: 'Drill', description: 'Cordless', price: 90_000, quantity: 3, image },
      deps(),
    );
    const body = (await db.outbox.get(entryId))?.body as {
      multipart: boolean;
      fields: object;
      files: { image: Blob };
    };
    expect(body.multipart).toBe(true);
    expect(body.fields).toMatchObject({ name: 'Drill', price: '90000', quantity: '3' });
    expect(body.files.image.size).toBe(3);
  });

  it('updateProduct sends the version the editor saw and undoes only its own change', async () => {
    const { entryId } = await updateProduct(
      'hardware',
      'p-hammer',
      { name: 'Claw hammer', quantity: 15 },
      deps(),
    );
    expect(await db.outbox.get(entryId)).toMatchObject({
      method: 'PUT',
      path: 'hardware/products/p-hammer',
      body: {
        name: 'Claw hammer',
        description: 'Steel claw hammer',
        price: 12_500,
        quantity: 15,
        baseVersion: 1,
      },
    });
    expect(await db.products.get('p-hammer')).toMatchObject({ name: 'Claw hammer', quantity: 15 });

    // An order placed after the edit survives the edit's rollback.
    await placeOrder('hardware', { productId: 'p-hammer', quantity: 2 }, deps());
    await rollBack(entryId);
    expect(await db.products.get('p-hammer')).toMatchObject({ name: 'Hammer', quantity: 8 });
  });

  it('updateProduct sends the baseVersion the edit form was opened with, even after a pull', async () => {
    // The form was opened on version 1 (10 in stock); a pull then brought version 2 (8 in stock).
    await db.products.put(product({ quantity: 8, version: 2 }));
    const { entryId } = await updateProduct(
      'hardware',
      'p-hammer',
      {
        name: 'Hammer',
        description: 'Steel claw hammer',
        price: 15_000,
        quantity: 10,
        baseVersion: 1,
      },
      deps(),
    );
    // Stale version and a different quantity: the server answers 409 instead of undoing the sale.
    expect((await db.outbox.get(entryId))?.body).toMatchObject({
      price: 15_000,
      quantity: 10,
      baseVersion: 1,
    });
  });

  it('updateProduct leaves the stock alone when the form still shows the quantity it was opened with', async () => {
    // The form was opened with 10 in stock; a pull then brought 8 (two sold elsewhere).
    await db.products.put(product({ quantity: 8, version: 2 }));
    const { entryId } = await updateProduct(
      'hardware',
      'p-hammer',
      {
        name: 'Hammer',
        description: 'Steel claw hammer',
        price: 15_000,
        quantity: 10,
        baseVersion: 1,
        baseQuantity: 10,
      },
      deps(),
    );
    const entry = await db.outbox.get(entryId);
    expect(entry?.body).toMatchObject({ price: 15_000, quantity: 10, baseQuantity: 10 });
    expect(entry?.input).toEqual({ productId: 'p-hammer', changes: { price: 15_000 } });
    expect(await db.products.get('p-hammer')).toMatchObject({ price: 15_000, quantity: 8 });
  });

  it('updateProduct keeps only the fields the edit changed as the input a Retry re-applies', async () => {
    const { entryId } = await updateProduct(
      'hardware',
      'p-hammer',
      { name: 'Hammer', description: 'Steel claw hammer', price: 15_000, quantity: 10 },
      deps(),
    );
    expect((await db.outbox.get(entryId))?.input).toEqual({
      productId: 'p-hammer',
      changes: { price: 15_000 },
    });
  });

  it('deleteProduct removes it locally and restores it on rollback', async () => {
    const { entryId } = await deleteProduct('hardware', 'p-hammer', deps());
    expect(await db.products.get('p-hammer')).toBeUndefined();
    await rollBack(entryId);
    expect(await db.products.get('p-hammer')).toMatchObject({ name: 'Hammer', quantity: 10 });
  });
});

describe('queries', () => {
  it('list a department’s products by name and its orders newest first', async () => {
    await db.products.bulkPut([
      product({ _id: 'p-saw', name: 'Saw' }),
      product({ _id: 'p-axe', name: 'Axe' }),
      product({ _id: 'p-oil', name: 'Oil', department: 'fresh-oil' }),
    ]);
    expect((await listProducts('hardware', db)).map((p) => p.name)).toEqual([
      'Axe',
      'Hammer',
      'Saw',
    ]);

    let t = now();
    const later = () => (t += 1000);
    const first = await placeOrder(
      'hardware',
      { productId: 'p-saw', quantity: 1 },
      { db, now: later },
    );
    const second = await placeOrder(
      'hardware',
      { productId: 'p-axe', quantity: 1 },
      { db, now: later },
    );
    expect((await listOrders('hardware', db)).map((o) => o._id)).toEqual([second.id, first.id]);
    expect(await getOrder('hardware', first.id, db)).toBeDefined();
    expect(await getOrder('godown', first.id, db)).toBeUndefined();
  });
});
