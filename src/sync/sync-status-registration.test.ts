import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { registerOfflineEntities } from './registry.ts';
import { createSyncStatusStore } from './sync-status.ts';
import { crateEntities, DatabaseWithCrates } from '../../tests/support/made-up-entities.ts';
import { alice, signIn } from '../../tests/support/sync.ts';

// No entity is declared at the start: like the app, whose offline entities load after the first
// screen (decision 0028), while the sync status is already on screen.
let db: DatabaseWithCrates;
const clock = Date.UTC(2026, 1, 1, 10);
// A crate's id is a UUID (made-up-entity-domain.ts): a queued input the schema refuses offers no edit.
const crateId = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

beforeEach(async () => {
  db = new DatabaseWithCrates();
  await signIn(db);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

it('offers a refused write its editable quantity once the entities are declared after the status was read', async () => {
  // A refusal kept from before a reload: the outbox holds it, the registry does not know its kind yet.
  await db.outbox.add({
    id: 'entry-1',
    userId: alice._id,
    method: 'POST',
    path: 'hardware/crates',
    body: { _id: crateId, label: 'Nails', count: 4 },
    input: { _id: crateId, label: 'Nails', count: 4 },
    kind: 'crate.add',
    department: 'hardware',
    createdAt: clock,
    attempts: 1,
    status: 'failed',
    lastError: 'Quantity exceeds available stock',
  });
  const store = createSyncStatusStore({ db, now: () => clock, online: true });
  const unsubscribe = store.subscribe(() => undefined);
  await vi.waitFor(() => expect(store.getSnapshot().failed).toHaveLength(1));
  expect(store.getSnapshot().failed[0]?.editableQuantity).toBeUndefined();

  registerOfflineEntities([crateEntities]);
  await vi.waitFor(() =>
    expect(store.getSnapshot().failed[0]?.editableQuantity).toEqual({ field: 'count', value: 4 }),
  );
  unsubscribe();
});
