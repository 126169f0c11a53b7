import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queueOf } from './outbox.ts';
import { registerOfflineEntities } from './registry.ts';
import {
  addCrate,
  crateEntities,
  DatabaseWithCrates,
} from '../../tests/support/made-up-entities.ts';
import { alice, bob, signIn } from '../../tests/support/sync.ts';

registerOfflineEntities([crateEntities]);

let db: DatabaseWithCrates;

beforeEach(() => {
  db = new DatabaseWithCrates();
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('queueOf', () => {
  it('starts at the oldest pending or sending entry of the user, past failed ones and other users', async () => {
    const crate = { label: 'Nails', count: 1 };
    await signIn(db, bob);
    const bobs = await addCrate('hardware', crate, { db });
    await signIn(db, alice);
    const failed = await addCrate('hardware', crate, { db });
    const sending = await addCrate('hardware', crate, { db });
    await addCrate('hardware', crate, { db });
    await db.outbox.update(failed.entryId, { status: 'failed' });
    await db.outbox.update(sending.entryId, { status: 'sending' });

    expect((await queueOf(db, alice._id, 1)).map((entry) => entry.id)).toEqual([sending.entryId]);
    expect((await queueOf(db, bob._id, 1)).map((entry) => entry.id)).toEqual([bobs.entryId]);
    expect(await queueOf(db, 'nobody', 1)).toEqual([]);
  });
});
