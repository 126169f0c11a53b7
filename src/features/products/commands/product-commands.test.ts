import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database.ts';
import { dropDb, product, rollBack, signedInDb } from '../../../../tests/support/sync.ts';
// An order placed after an edit must survive the edit's rollback (stock is undone by deltas).
import { placeOrder } from '../../orders/commands/place-order.ts';
import { getProduct } from '../data/queries.ts';
import { createProduct } from './create-product.ts';
import { deleteProduct } from './delete-product.ts';
import { updateProduct } from './update-product.ts';
import { inventoryMessages } from '../../../../domain/inventory-fields.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;
const now = () => Date.UTC(2026, 1, 1, 10);
const deps = () => ({ db, now });

beforeEach(async () => (db = await signedInDb(product())));
afterEach(() => dropDb(db));

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
    await rollBack(db, entryId);
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

  it('refuses before queueing a barcode another product of the department has in the mirror', async () => {
    await db.products.update('p-hammer', { barcode: 'HW-0001' });
    const { id: saw } = await createProduct(
      'hardware',
      { name: 'Saw', description: 'Wood', price: 20_000, quantity: 4 },
      deps(),
    );
    const queued = await db.outbox.count();
    await expect(updateProduct('hardware', saw, { barcode: 'HW-0001' }, deps())).rejects.toThrow(
      inventoryMessages.barcodeTaken,
    );
    await expect(
      createProduct(
        'hardware',
        { name: 'Drill', description: 'Cordless', price: 90_000, quantity: 3, barcode: 'HW-0001' },
        deps(),
      ),
    ).rejects.toThrow(inventoryMessages.barcodeTaken);
    // Nothing was queued or changed; the product keeping its own barcode is no conflict.
    expect(await db.outbox.count()).toBe(queued);
    expect((await db.products.get(saw))?.barcode).toBeUndefined();
    await expect(
      updateProduct('hardware', 'p-hammer', { barcode: 'HW-0001', name: 'Claw hammer' }, deps()),
    ).resolves.toMatchObject({ id: 'p-hammer' });
    // Another department may use the same code.
    await expect(
      createProduct(
        'godown',
        { name: 'Hammer', description: 'Steel', price: 9_000, quantity: 2, barcode: 'HW-0001' },
        deps(),
      ),
    ).resolves.toMatchObject({ entryId: expect.any(String) });
  });

  it('deleteProduct removes it locally and restores it on rollback', async () => {
    const { entryId } = await deleteProduct('hardware', 'p-hammer', deps());
    expect(await db.products.get('p-hammer')).toBeUndefined();
    await rollBack(db, entryId);
    expect(await db.products.get('p-hammer')).toMatchObject({ name: 'Hammer', quantity: 10 });
  });
});
