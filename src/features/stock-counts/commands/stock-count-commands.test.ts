import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stockCountMessages, type StockCountJson } from '../../../../domain/stock-counts.ts';
import type { AppDatabase } from '../../../db/database.ts';
import { completeEntries, failWithDependents } from '../../../sync/outbox.ts';
import { retryFailed } from '../../../sync/retry.ts';
import { alice, dropDb, product, rollBack, signedInDb } from '../../../../tests/support/sync.ts';
import { forgetCounted, recordCounted } from './count-draft.ts';
import { startStockCount } from './start-stock-count.ts';
import { submitStockCount } from './submit-stock-count.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;
let clock = Date.UTC(2026, 10, 26, 9);
const now = () => clock;
const deps = () => ({ db, now });

const cement = product({
  _id: 'p-cement',
  department: 'godown',
  name: 'Cement',
  quantity: 40,
  location: 'Deck A',
  barcode: '6001234567890',
});
const nails = product({
  _id: 'p-nails',
  department: 'godown',
  name: 'Nails',
  quantity: 7,
  location: 'deck a',
});
const rice = product({
  _id: 'p-rice',
  department: 'godown',
  name: 'Rice',
  quantity: 3,
  location: 'Yard',
});

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 26, 9);
  db = await signedInDb(cement, nails, rice);
});
afterEach(() => dropDb(db));

/** The server's answer to the start: the count open, its lines as the server snapshotted them. */
async function confirmStart(countId: string, entryId: string) {
  const count = await db.stockCounts.get(countId);
  const answer: StockCountJson = {
    _id: countId,
    location: 'Deck A',
    status: 'open',
    startedAt: new Date(clock).toISOString(),
    startedBy: alice.email,
    submittedAt: null,
    submittedBy: null,
    closedAt: null,
    closedBy: null,
    updatedAt: new Date(clock).toISOString(),
    lines: count?.lines ?? [],
  };
  await completeEntries(db, [{ entryId, response: answer }]);
}

describe('stock count commands', () => {
  it('starts a count of every product at the location (any spelling), waiting for the server, and queues it', async () => {
    const { id, entryId } = await startStockCount('godown', { location: ' DECK A ' }, deps());
    const count = await db.stockCounts.get(id);
    expect(count).toMatchObject({
      status: 'open',
      location: 'Deck A',
      pendingOutboxId: entryId,
      startedBy: alice.email,
    });
    expect(count?.lines.map((line) => line.productId).sort()).toEqual(['p-cement', 'p-nails']);
    expect(await db.outbox.get(entryId)).toMatchObject({
      kind: 'stockCounts.start',
      path: 'godown/stock-counts',
      body: { location: 'DECK A', _id: id },
    });
    await confirmStart(id, entryId);
    expect((await db.stockCounts.get(id))?.pendingOutboxId).toBeNull();
  });

  it('refuses a location without products and a second open count of one location', async () => {
    await expect(startStockCount('godown', { location: 'Roof' }, deps())).rejects.toThrow(
      stockCountMessages.noProducts,
    );
    await expect(startStockCount('godown', { location: '' }, deps())).rejects.toThrow(
      stockCountMessages.locationRequired,
    );
    await startStockCount('godown', { location: 'Yard' }, deps());
    await expect(startStockCount('godown', { location: 'yard' }, deps())).rejects.toThrow(
      stockCountMessages.alreadyOpen,
    );
  });

  it('a refused start leaves nothing behind', async () => {
    const { id, entryId } = await startStockCount('godown', { location: 'Yard' }, deps());
    await rollBack(db, entryId);
    expect(await db.stockCounts.get(id)).toBeUndefined();
  });

  it('keeps what was counted on the device, and takes a cleared line back to not counted', async () => {
    await recordCounted('c-1', 'p-cement', ' 38 ', deps());
    await recordCounted('c-1', 'p-nails', '0', deps());
    await expect(recordCounted('c-1', 'p-nails', '1.5', deps())).rejects.toThrow(
      stockCountMessages.countedInvalid,
    );
    await expect(recordCounted('c-1', 'p-nails', '-2', deps())).rejects.toThrow(
      stockCountMessages.countedInvalid,
    );
    await forgetCounted('c-1', 'p-nails', deps());
    const draft = await db.countDrafts.get('c-1');
    expect(draft?.counted).toEqual({
      'p-cement': { counted: 38, countedAt: new Date(clock).toISOString() },
    });
  });

  it('does not submit a count the server has not started yet', async () => {
    const { id } = await startStockCount('godown', { location: 'Deck A' }, deps());
    await expect(submitStockCount('godown', id, deps())).rejects.toThrow(
      stockCountMessages.notOpen,
    );
  });

  it('submits every line: the counted ones with their time, the others as 0 found; a refusal reopens the count with the draft kept', async () => {
    const { id, entryId } = await startStockCount('godown', { location: 'Deck A' }, deps());
    await confirmStart(id, entryId);
    const countedAt = new Date(clock).toISOString();
    await recordCounted(id, 'p-cement', '38', deps());
    clock += 60_000;
    const submitted = await submitStockCount('godown', id, deps());
    const entry = await db.outbox.get(submitted.entryId);
    expect(entry).toMatchObject({
      kind: 'stockCounts.submit',
      path: `godown/stock-counts/${id}/submit`,
    });
    const body = entry?.body as {
      lines: { productId: string; counted: number; countedAt: string }[];
    };
    expect(body.lines.sort((a, b) => a.productId.localeCompare(b.productId))).toEqual([
      { productId: 'p-cement', counted: 38, countedAt },
      { productId: 'p-nails', counted: 0, countedAt: new Date(clock).toISOString() },
    ]);
    expect(await db.stockCounts.get(id)).toMatchObject({
      status: 'submitted',
      pendingOutboxId: submitted.entryId,
    });

    await failWithDependents(db, submitted.entryId, stockCountMessages.notOpen);
    await rollBack(db, submitted.entryId);
    const reopened = await db.stockCounts.get(id);
    expect(reopened).toMatchObject({ status: 'open', pendingOutboxId: null, submittedAt: null });
    expect(reopened?.lines.every((line) => line.counted === null)).toBe(true);
    expect((await db.countDrafts.get(id))?.counted['p-cement']?.counted).toBe(38);
  });

  it('a retried submission sends the same counted lines again under a new key', async () => {
    const { id, entryId } = await startStockCount('godown', { location: 'Deck A' }, deps());
    await confirmStart(id, entryId);
    await recordCounted(id, 'p-cement', '12', deps());
    const first = await submitStockCount('godown', id, deps());
    const sent = (await db.outbox.get(first.entryId))?.body;
    await failWithDependents(db, first.entryId, 'Failed to save the count. Try again.');
    await rollBack(db, first.entryId);
    await retryFailed(first.entryId, {}, deps());
    const entries = await db.outbox.where('status').equals('pending').toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.id).not.toBe(first.entryId);
    expect(entries[0]?.body).toEqual(sent);
  });
});
