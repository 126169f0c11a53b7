import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editValuesOfProduct } from '../../../../domain/product-edit-merge.ts';
import type { AppDatabase } from '../../../db/database.ts';
import { updateProduct } from './update-product.ts';
import { flushOutbox } from '../../../sync/flusher.ts';
import { discardEntry } from '../../../sync/outbox.ts';
import { retryFailed } from '../../../sync/retry.ts';
import { readQueueFacts } from '../../../sync/sync-status.ts';
import {
  baseUrl,
  dropDb,
  fakeFetch,
  json,
  product,
  signedInDb,
  type FakeHandler,
} from '../../../../tests/support/sync.ts';
import { catalogOfflineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares the catalog's lists and writes, the entities these tests queue and pull.
registerOfflineEntities(catalogOfflineEntities);

/**
 * A product edit refused as a conflict on the tablet (decision 0025): the refusal keeps both
 * values and the server's record, "Apply mine again" re-queues the edit on that record, "Keep
 * theirs" drops it.
 */
let db: AppDatabase;
const clock = Date.UTC(2026, 1, 1, 10);
const deps = () => ({ db, now: () => clock });

beforeEach(async () => {
  db = await signedInDb(product());
});

afterEach(() => dropDb(db));

function flush(handler: FakeHandler) {
  const server = fakeFetch(handler);
  return flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null, now: () => clock });
}

/** The server's record after another tablet set the price to 13,000 (version 2). */
const theirs = { ...product({ price: 13_000, version: 2 }), image: null };
const conflictAnswer = () =>
  json(409, {
    message: 'Someone else changed this product since you opened it. Choose which values to keep.',
    product: theirs,
    conflicts: [{ field: 'price', mine: 14_000, theirs: 13_000 }],
  });

/** The edit dialog opened on version 1: the new price, everything else as it was. */
async function editPrice(price: number) {
  const opened = product();
  return updateProduct(
    'hardware',
    'p-hammer',
    { ...editValuesOfProduct(opened), price, baseVersion: 1, base: editValuesOfProduct(opened) },
    deps(),
  );
}

describe('a product edit refused as a conflict', () => {
  it('sends what the editor saw as the base and only the changed field as its change', async () => {
    // A pull while the dialog was open brought another tablet's new name.
    await db.products.put(product({ name: 'Big hammer', version: 2 }));
    const edit = await editPrice(14_000);
    const entry = await db.outbox.get(edit.entryId);
    expect(entry?.body).toMatchObject({
      name: 'Hammer',
      price: 14_000,
      baseVersion: 1,
      base: { name: 'Hammer', price: 12_500, quantity: 10 },
    });
    expect(entry?.input).toEqual({ productId: 'p-hammer', changes: { price: 14_000 } });
    // The mirror keeps the pulled name under the tablet's own price.
    expect(await db.products.get('p-hammer')).toMatchObject({ name: 'Big hammer', price: 14_000 });
  });

  it('keeps both values with the refusal and rolls the mirror back', async () => {
    const edit = await editPrice(14_000);
    await flush(conflictAnswer);
    expect((await db.products.get('p-hammer'))?.price).toBe(12_500);
    const [failed] = (await readQueueFacts(db, clock)).failed;
    expect(failed).toMatchObject({
      id: edit.entryId,
      conflict: {
        fields: [{ field: 'price', mine: 14_000, theirs: 13_000 }],
        version: 2,
        values: { price: 13_000, name: 'Hammer' },
      },
    });
  });

  it('"Apply mine again" re-queues the edit on the server record it was refused with', async () => {
    const edit = await editPrice(14_000);
    await flush(conflictAnswer);
    const retried = (await retryFailed(edit.entryId, {}, deps())) as { entryId: string };
    const entry = await db.outbox.get(retried.entryId);
    expect(entry).toMatchObject({ status: 'pending' });
    expect(entry?.body).toMatchObject({
      price: 14_000,
      baseVersion: 2,
      base: { price: 13_000 },
    });
    expect((await db.products.get('p-hammer'))?.price).toBe(14_000);

    // Accepted this time: nothing is left to decide.
    await flush(() => json(200, { message: 'Product updated successfully!' }));
    expect((await readQueueFacts(db, clock)).failed).toEqual([]);
  });

  it('"Keep theirs" drops the edit', async () => {
    const edit = await editPrice(14_000);
    await flush(conflictAnswer);
    expect(await discardEntry(edit.entryId, { db })).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });
});
