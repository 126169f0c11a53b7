import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { alice, dropDb, product, rollBack, signedInDb } from '../../../../tests/support/sync.ts';
import { deleteOrder } from './delete-order.ts';
import { editOrderQuantity } from './edit-order-quantity.ts';
import { placeOrder } from './place-order.ts';
import { placeSale } from '../../sales/commands/place-sale.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;
const now = () => Date.UTC(2026, 1, 1, 10);
const deps = () => ({ db, now });

beforeEach(async () => (db = await signedInDb(product())));
afterEach(() => dropDb(db));

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
    await rollBack(db, entryId);
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

    await rollBack(db, edited.entryId);
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
    await rollBack(db, deleted.entryId);
    expect(await db.orders.get(placed.id)).toMatchObject({ quantity: 2 });
    expect((await db.products.get('p-hammer'))?.quantity).toBe(8);
  });

  it('report a missing order', async () => {
    await expect(editOrderQuantity('hardware', 'nope', 1, deps())).rejects.toThrow(
      'Order not found',
    );
    await expect(deleteOrder('hardware', 'nope', deps())).rejects.toThrow('Order not found');
  });

  it("change the line's sale with it, and undo that too", async () => {
    await db.products.put(product({ _id: 'p-nails', name: 'Nails', price: 200, quantity: 100 }));
    const lines = [
      { productId: 'p-hammer', quantity: 2 },
      { productId: 'p-nails', quantity: 30 },
    ];
    const sale = await placeSale('hardware', { lines }, deps());
    const [hammerLine, nailsLine] = (await db.sales.get(sale.id))?.lines ?? [];
    if (!hammerLine || !nailsLine) throw new Error('the sale has no lines');

    const edited = await editOrderQuantity('hardware', hammerLine._id, 3, deps());
    expect(await db.sales.get(sale.id)).toMatchObject({ total: 3 * 12_500 + 6_000, lineCount: 2 });
    expect((await db.sales.get(sale.id))?.lines.map((line) => line.total)).toEqual([37_500, 6_000]);
    await rollBack(db, edited.entryId);
    expect(await db.sales.get(sale.id)).toMatchObject({ total: 25_000 + 6_000, lineCount: 2 });

    const deleted = await deleteOrder('hardware', hammerLine._id, deps());
    const after = await db.sales.get(sale.id);
    expect(after).toMatchObject({ total: 6_000, lineCount: 1 });
    expect(after?.lines.map((line) => line._id)).toEqual([nailsLine._id]);
    await rollBack(db, deleted.entryId);
    expect(await db.sales.get(sale.id)).toMatchObject({ total: 31_000, lineCount: 2 });
  });
});
