import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saleMessages } from '../../../../domain/sales.ts';
import type { AppDatabase } from '../../../db/database.ts';
import { alice, dropDb, product, signedInDb } from '../../../../tests/support/sync.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { completeEntries, failWithDependents } from '../../../sync/outbox.ts';
import { editableQuantityOf, registerOfflineEntities } from '../../../sync/registry.ts';
import { retryFailed } from '../../../sync/retry.ts';
import { placeSale } from './place-sale.ts';
import { addToBasket, removeFromBasket, setBasketQuantity } from './sale-draft.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;
const now = () => Date.UTC(2026, 1, 1, 10);
const deps = () => ({ db, now });

beforeEach(
  async () =>
    (db = await signedInDb(
      product(),
      product({ _id: 'p-nails', name: 'Nails', price: 200, quantity: 100 }),
    )),
);
afterEach(() => dropDb(db));

const twoLines = [
  { productId: 'p-hammer', quantity: 2 },
  { productId: 'p-nails', quantity: 30 },
];

describe('placeSale', () => {
  it('takes every line from the mirror, writes pending orders and the sale, and queues ONE entry', async () => {
    const { id, entryId } = await placeSale('hardware', { lines: twoLines }, deps());

    expect((await db.products.get('p-hammer'))?.quantity).toBe(8);
    expect((await db.products.get('p-nails'))?.quantity).toBe(70);
    const orders = await db.orders.where('department').equals('hardware').toArray();
    expect(orders).toHaveLength(2);
    for (const order of orders) {
      expect(order).toMatchObject({
        saleId: id,
        saleNumber: null,
        orderId: null,
        pendingOutboxId: entryId,
      });
    }
    const sale = await db.sales.get(id);
    expect(sale).toMatchObject({
      saleNumber: null,
      lineCount: 2,
      total: 2 * 12_500 + 30 * 200,
      pendingOutboxId: entryId,
    });
    expect(await db.outbox.count()).toBe(1);
    const entry = await db.outbox.get(entryId);
    expect(entry).toMatchObject({
      userId: alice._id,
      kind: 'sale.create',
      method: 'POST',
      path: 'hardware/sales',
      status: 'pending',
    });
    expect(entry?.body).toEqual({
      _id: id,
      lines: sale?.lines.map((line) => ({
        _id: line._id,
        productId: line.productId,
        quantity: line.quantity,
      })),
    });
  });

  it('refuses locally when one line is over the mirror stock, writing nothing at all', async () => {
    await expect(
      placeSale(
        'hardware',
        {
          lines: [
            { productId: 'p-nails', quantity: 5 },
            { productId: 'p-hammer', quantity: 11 },
          ],
        },
        deps(),
      ),
    ).rejects.toThrow('Quantity exceeds available stock');
    expect((await db.products.get('p-nails'))?.quantity).toBe(100);
    expect(await db.orders.count()).toBe(0);
    expect(await db.sales.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses an empty basket and the same product twice', async () => {
    await expect(placeSale('hardware', { lines: [] }, deps())).rejects.toThrow(
      saleMessages.noLines,
    );
    await expect(
      placeSale(
        'hardware',
        {
          lines: [
            { productId: 'p-hammer', quantity: 1 },
            { productId: 'p-hammer', quantity: 1 },
          ],
        },
        deps(),
      ),
    ).rejects.toThrow(saleMessages.duplicateProduct);
  });

  it("takes the server's numbers for the sale when its answer arrives", async () => {
    const { id, entryId } = await placeSale('hardware', { lines: twoLines }, deps());
    const sale = await db.sales.get(id);
    await completeEntries(db, [
      {
        entryId,
        response: {
          _id: id,
          saleNumber: 'SALE-HW-000007',
          total: sale?.total,
          lineCount: 2,
          lines: sale?.lines.map((line, index) => ({
            ...line,
            orderId: `ORD-HW-00000${index + 1}`,
          })),
          createdAt: '2026-02-01T10:00:01.000Z',
          updatedAt: '2026-02-01T10:00:01.000Z',
        },
      },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.sales.get(id)).toMatchObject({
      saleNumber: 'SALE-HW-000007',
      pendingOutboxId: null,
      lines: [{ orderId: 'ORD-HW-000001' }, { orderId: 'ORD-HW-000002' }],
    });
  });

  it('undoes the whole sale on a refusal, offers the refused line to edit, and retries it', async () => {
    const { id, entryId } = await placeSale('hardware', { lines: twoLines }, deps());
    await failWithDependents(db, entryId, saleMessages.lineExceedsStock, {
      available: 1,
      line: { index: 0, productId: 'p-hammer', productName: 'Hammer' },
    });
    // Nothing of it is left in the mirror; the refused entry stays, with its line named.
    expect((await db.products.get('p-hammer'))?.quantity).toBe(10);
    expect((await db.products.get('p-nails'))?.quantity).toBe(100);
    expect(await db.orders.count()).toBe(0);
    expect(await db.sales.count()).toBe(0);
    const failed = await db.outbox.get(entryId);
    expect(failed?.status).toBe('failed');
    expect(failed && editableQuantityOf(failed)).toEqual({ field: 'quantity', value: 2 });

    await retryFailed(entryId, { quantity: 1 }, { db, now });
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ kind: 'sale.create', status: 'pending' });
    expect(queued?.id).not.toBe(entryId);
    // The same sale and line ids, the refused line at its new quantity.
    expect(queued?.body).toEqual({
      _id: id,
      lines: [
        { _id: expect.any(String), productId: 'p-hammer', quantity: 1 },
        { _id: expect.any(String), productId: 'p-nails', quantity: 30 },
      ],
    });
    expect((await db.products.get('p-hammer'))?.quantity).toBe(9);
    expect(await db.sales.get(id)).toMatchObject({ lineCount: 2, saleNumber: null });
  });
});

describe('the basket draft', () => {
  it('adds a product once, raising its quantity on a second tap, and keeps it in IndexedDB', async () => {
    await addToBasket('hardware', 'p-hammer', deps());
    await addToBasket('hardware', 'p-nails', deps());
    await addToBasket('hardware', 'p-hammer', deps());
    expect((await db.saleDrafts.get('hardware'))?.lines).toEqual([
      { productId: 'p-hammer', quantity: 2 },
      { productId: 'p-nails', quantity: 1 },
    ]);
    await setBasketQuantity('hardware', 'p-nails', 12, deps());
    await removeFromBasket('hardware', 'p-hammer', deps());
    expect((await db.saleDrafts.get('hardware'))?.lines).toEqual([
      { productId: 'p-nails', quantity: 12 },
    ]);
    await expect(setBasketQuantity('hardware', 'p-nails', 0, deps())).rejects.toThrow(
      'Quantity must be at least 1',
    );
    await removeFromBasket('hardware', 'p-nails', deps());
    expect(await db.saleDrafts.get('hardware')).toBeUndefined();
  });
});
