import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transferMessages } from '../../../../domain/transfers.ts';
import type { AppDatabase } from '../../../db/database.ts';
import { completeEntries, failWithDependents } from '../../../sync/outbox.ts';
import { retryFailed } from '../../../sync/retry.ts';
import { alice, dropDb, product, signedInDb } from '../../../../tests/support/sync.ts';
import { transferStock } from './transfer-stock.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';
import { listProducts } from '../../department/product-list.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;
const now = () => Date.UTC(2026, 10, 23, 10);
const deps = () => ({ db, now });

const rice = product({
  _id: 'p-rice-store',
  department: 'godown',
  name: 'Rice',
  description: '25 kg bags',
  price: 60_000,
  quantity: 30,
  location: 'Main Store',
});

beforeEach(async () => (db = await signedInDb(rice)));
afterEach(() => dropDb(db));

const quantities = async () =>
  Object.fromEntries((await listProducts('godown', db)).map((row) => [row.location, row.quantity]));

describe('transferStock', () => {
  it('moves the stock at once at both locations, logs it as pending and queues the transfer', async () => {
    const { id, entryId } = await transferStock(
      'godown',
      { productId: rice._id, transferQuantity: '12', destination: 'Deck A', reason: 'ship' },
      deps(),
    );
    expect(await quantities()).toEqual({ 'Main Store': 18, 'Deck A': 12 });
    const log = await db.movementLogs.get(id);
    expect(log).toMatchObject({
      transactionId: id,
      productName: 'Rice',
      origin: 'Main Store',
      destination: 'Deck A',
      transferQuantity: 12,
      reason: 'ship',
      userEmail: alice.email,
      pendingOutboxId: entryId,
    });
    const entry = await db.outbox.get(entryId);
    expect(entry).toMatchObject({
      kind: 'transfers.create',
      method: 'POST',
      path: 'godown/inventory-movement',
      body: {
        _id: id,
        productId: rice._id,
        transferQuantity: 12,
        origin: 'Main Store',
        destination: 'Deck A',
        destinationProductId: log?.destinationProductId,
      },
    });
    // The provisional destination row carries the id the server will create it under.
    const destination = await db.products.get(log?.destinationProductId ?? '');
    expect(destination).toMatchObject({ name: 'Rice', price: 60_000, location: 'Deck A' });
  });

  it('adds to the same name at the destination, case-insensitively, without proposing an id', async () => {
    await db.products.add(
      product({ ...rice, _id: 'p-rice-deck', name: 'RICE', location: 'deck a', quantity: 2 }),
    );
    const { entryId } = await transferStock(
      'godown',
      { productId: rice._id, transferQuantity: 5, destination: 'Deck A' },
      deps(),
    );
    expect(await quantities()).toEqual({ 'Main Store': 25, 'deck a': 7 });
    const entry = await db.outbox.get(entryId);
    expect(entry?.body).not.toHaveProperty('destinationProductId');
    expect(entry?.touches).toContain('p-rice-deck');
  });

  it.each([
    [{ transferQuantity: 0, destination: 'Deck' }, transferMessages.quantityMin],
    [{ transferQuantity: 1, destination: ' ' }, transferMessages.locationsRequired],
    [{ transferQuantity: 31, destination: 'Deck' }, transferMessages.exceedsStock],
    [{ transferQuantity: 1, destination: 'MAIN store' }, transferMessages.sameLocation],
  ])('refuses %j locally with the spec message and writes nothing', async (fields, message) => {
    await expect(
      transferStock('godown', { productId: rice._id, ...fields }, deps()),
    ).rejects.toThrow(message);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.movementLogs.count()).toBe(0);
    expect(await quantities()).toEqual({ 'Main Store': 30 });
  });

  it('refuses a product of another department as not found', async () => {
    await expect(
      transferStock(
        'hardware',
        { productId: rice._id, transferQuantity: 1, destination: 'X' },
        deps(),
      ),
    ).rejects.toThrow(transferMessages.productNotFound);
  });

  it('rolls a refused transfer back at both locations, and the onward transfer of its provisional row', async () => {
    const first = await transferStock(
      'godown',
      { productId: rice._id, transferQuantity: 10, destination: 'Deck A' },
      deps(),
    );
    const kept = await transferStock(
      'godown',
      { productId: rice._id, transferQuantity: 5, destination: 'Yard' },
      deps(),
    );
    const deckId = (await db.movementLogs.get(first.id))?.destinationProductId ?? '';
    // An onward transfer of the provisional row depends on the first one.
    const onward = await transferStock(
      'godown',
      { productId: deckId, transferQuantity: 4, destination: 'Shop' },
      deps(),
    );
    expect(await quantities()).toEqual({ 'Main Store': 15, 'Deck A': 6, Yard: 5, Shop: 4 });

    await failWithDependents(db, first.entryId, transferMessages.exceedsStock);

    // The independent transfer to the yard keeps its change.
    expect(await quantities()).toEqual({ 'Main Store': 25, Yard: 5 });
    expect(await db.movementLogs.get(first.id)).toBeUndefined();
    expect(await db.movementLogs.get(onward.id)).toBeUndefined();
    expect((await db.outbox.get(first.entryId))?.status).toBe('failed');
    expect((await db.outbox.get(onward.entryId))?.lastError).toBe(transferMessages.exceedsStock);
    expect((await db.outbox.get(kept.entryId))?.status).toBe('pending');
  });

  it('retries a refused transfer as the same transfer, with the edited quantity', async () => {
    const first = await transferStock(
      'godown',
      { productId: rice._id, transferQuantity: 10, destination: 'Deck A' },
      deps(),
    );
    await failWithDependents(db, first.entryId, transferMessages.exceedsStock);
    await retryFailed(first.entryId, { transferQuantity: 3 }, deps());
    expect(await quantities()).toEqual({ 'Main Store': 27, 'Deck A': 3 });
    const log = await db.movementLogs.get(first.id);
    expect(log?.transferQuantity).toBe(3);
    expect(await db.outbox.get(first.entryId)).toBeUndefined();
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  });

  it('puts the server’s log in place of the pending one when the transfer is accepted', async () => {
    const { id, entryId } = await transferStock(
      'godown',
      { productId: rice._id, transferQuantity: 2, destination: 'Deck A' },
      deps(),
    );
    const pending = await db.movementLogs.get(id);
    await completeEntries(db, [
      {
        entryId,
        response: {
          message: transferMessages.success,
          log: { ...pending, department: undefined, pendingOutboxId: undefined, userId: alice._id },
          origin: {},
          destination: {},
        },
      },
    ]);
    expect(await db.movementLogs.get(id)).toMatchObject({
      transactionId: id,
      pendingOutboxId: null,
      department: 'godown',
    });
  });
});
