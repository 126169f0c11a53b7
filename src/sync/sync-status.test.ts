import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox } from './flusher.ts';
import { markFailuresRead } from './outbox.ts';
import { retryFailed } from './retry.ts';
import { createSyncStatusStore, readQueueFacts } from './sync-status.ts';
import { registerOfflineEntities } from './registry.ts';
import { runSync } from './run-sync.ts';
import {
  addCrate,
  crateEntities,
  crateJson,
  DatabaseWithCrates,
} from '../../tests/support/made-up-entities.ts';
import { alice, baseUrl, bob, fakeFetch, json, signIn } from '../../tests/support/sync.ts';

// A made-up entity (tests/support/made-up-entities.ts): 'crates' of 'hardware' and 'stationery', 'crate.add'.
registerOfflineEntities([crateEntities]);

let db: DatabaseWithCrates;
const clock = Date.UTC(2026, 1, 1, 10);

beforeEach(async () => {
  db = new DatabaseWithCrates();
  await signIn(db);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('sync status', () => {
  it('follows the queue: pending count, failures with the server message, auth pause', async () => {
    const store = createSyncStatusStore({ db, now: () => clock, online: true });
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().pendingCount));

    await addCrate('hardware', { label: 'Nails', count: 2 }, { db });
    await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.waitFor(() => expect(store.getSnapshot().pendingCount).toBe(2));
    expect(store.getSnapshot()).toMatchObject({
      userId: alice._id,
      online: true,
      authPaused: false,
      failed: [],
    });

    const server = fakeFetch(({ body }) =>
      (body as { count: number }).count === 2
        ? json(409, { message: 'Quantity exceeds available stock' })
        : json(401, { message: 'Unauthorized' }),
    );
    await flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null, now: () => clock });

    await vi.waitFor(() => expect(store.getSnapshot().authPaused).toBe(true));
    const snapshot = store.getSnapshot();
    expect(snapshot.pendingCount).toBe(1);
    expect(snapshot.failed).toEqual([
      expect.objectContaining({
        kind: 'crate.add',
        message: 'Quantity exceeds available stock',
        label: { key: 'test.op.addCrate', values: { label: 'Nails', count: 2 } },
      }),
    ]);

    store.setSyncing(true);
    expect(store.getSnapshot().syncing).toBe(true);
    const stable = store.getSnapshot();
    expect(store.getSnapshot()).toBe(stable);
    unsubscribe();
  });

  it('says the server is unreachable while queued work got no answer, and not once it answers', async () => {
    await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    expect((await readQueueFacts(db, clock)).serverUnreachable).toBe(false);
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    await flushOutbox({ db, fetch: down, baseUrl, locks: null, now: () => clock });
    expect((await readQueueFacts(db, clock)).serverUnreachable).toBe(true);
    // A server that answers, even with an error, is reachable.
    const busy = fakeFetch(() => json(503, { message: 'Busy' }));
    await flushOutbox({
      db,
      fetch: busy.fetch,
      baseUrl,
      locks: null,
      now: () => clock + 3_600_000,
    });
    expect((await readQueueFacts(db, clock + 3_600_000)).serverUnreachable).toBe(false);
  });

  it('says the server is unreachable with nothing queued while pulls get no answer, until one does', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await runSync({ db, fetch: down.fetch, baseUrl, locks: null, now: () => clock });
    expect(await readQueueFacts(db, clock)).toMatchObject({
      pendingCount: 0,
      serverUnreachable: true,
    });
    // A write queued now has not been tried: the pulls' silence still speaks for it.
    await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    expect((await readQueueFacts(db, clock)).serverUnreachable).toBe(true);

    const back = fakeFetch(({ method, body }) =>
      method === 'POST'
        ? json(201, crateJson(body as { _id: string; label: string; count: number }))
        : json(200, { items: [], deleted: [], cursor: 'c-1' }),
    );
    await runSync({ db, fetch: back.fetch, baseUrl, locks: null, now: () => clock + 60_000 });
    expect(await readQueueFacts(db, clock + 60_000)).toMatchObject({
      pendingCount: 0,
      serverUnreachable: false,
    });
  });

  it("lets a write's own answer outweigh the pulls' silence", async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await runSync({ db, fetch: down.fetch, baseUrl, locks: null, now: () => clock });
    await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    const busy = fakeFetch(() => json(503, { message: 'Busy' }));
    await flushOutbox({ db, fetch: busy.fetch, baseUrl, locks: null, now: () => clock });
    expect((await readQueueFacts(db, clock)).serverUnreachable).toBe(false);
  });

  it('counts unsent work per user for the logout warning', async () => {
    await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await signIn(db, bob);
    expect(await readQueueFacts(db, clock)).toMatchObject({ userId: bob._id, pendingCount: 0 });
    await signIn(db, alice);
    expect(await readQueueFacts(db, clock)).toMatchObject({ userId: alice._id, pendingCount: 1 });
  });

  it('keeps a refusal unread until the user reads it, and unread again when it is refused anew', async () => {
    await addCrate('hardware', { label: 'Nails', count: 4 }, { db });
    const refuse = fakeFetch(() => json(409, { message: 'Quantity exceeds available stock' }));
    await flushOutbox({ db, fetch: refuse.fetch, baseUrl, locks: null, now: () => clock });
    const [failure] = (await readQueueFacts(db, clock)).failed;
    if (!failure) throw new Error('the crate was not refused');
    // The write declares an editable quantity: it may be changed before Retry.
    expect(failure).toMatchObject({
      unread: true,
      editableQuantity: { field: 'count', value: 4 },
    });

    await markFailuresRead([failure.id], { db, now: () => clock });
    expect((await readQueueFacts(db, clock)).failed[0]).toMatchObject({ unread: false });

    // Retried for less, and refused again: a new notice.
    await retryFailed(failure.id, { count: 3 }, { db, now: () => clock });
    const facts = await readQueueFacts(db, clock);
    expect(facts).toMatchObject({ pendingCount: 1, failed: [] });
    expect((await db.outbox.toArray()).map((entry) => entry.body)).toEqual([
      expect.objectContaining({ count: 3 }),
    ]);
    await flushOutbox({ db, fetch: refuse.fetch, baseUrl, locks: null, now: () => clock });
    expect((await readQueueFacts(db, clock)).failed).toEqual([
      expect.objectContaining({ unread: true, editableQuantity: { field: 'count', value: 3 } }),
    ]);
  });

  it('asks for a new sign-in only after the server’s 401, not when this device’s clock passes the expiry', async () => {
    // By this tablet's clock the token ran out an hour ago; the server has not said so.
    await signIn(db, alice, 'token-user-alice', clock - 3_600_000);
    await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    expect((await readQueueFacts(db, clock)).authPaused).toBe(false);

    const server = fakeFetch(() => json(401, { message: 'Invalid or expired token' }));
    await flushOutbox({ db, fetch: server.fetch, baseUrl, locks: null, now: () => clock });
    expect((await readQueueFacts(db, clock)).authPaused).toBe(true);
  });
});
