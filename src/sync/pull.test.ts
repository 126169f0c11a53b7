import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pullDepartment } from './pull.ts';
import { registerMirrorList, registerOfflineEntities, unregisterForTests } from './registry.ts';
import {
  addCrate,
  crateEntities,
  DatabaseWithCrates,
  type CrateRecord,
} from '../../tests/support/made-up-entities.ts';
import {
  bob,
  baseUrl,
  fakeFetch,
  json,
  signIn,
  type FakeHandler,
} from '../../tests/support/sync.ts';

// A made-up entity (tests/support/made-up-entities.ts): 'crates' of 'hardware' and 'stationery', 'crate.add'.
registerOfflineEntities([crateEntities]);

let db: DatabaseWithCrates;
const clock = Date.UTC(2026, 1, 1, 10);
const crates = () => db.table<CrateRecord, string>('crates');

beforeEach(async () => {
  db = new DatabaseWithCrates();
  await signIn(db);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

function serverCrate(overrides: Record<string, unknown> = {}) {
  return { _id: 'c-nails', label: 'Nails', count: 10, ...overrides };
}

function pull(handler: FakeHandler) {
  const server = fakeFetch(handler);
  return {
    result: pullDepartment('hardware', { db, fetch: server.fetch, baseUrl, now: () => clock }),
    requests: server.requests,
  };
}

const emptyList = (cursor: string) => json(200, { items: [], deleted: [], cursor });

describe('pullDepartment', () => {
  it('starts from updatedSince=0, upserts rows, stores the cursor, and passes it next time', async () => {
    const first = pull(() =>
      json(200, {
        items: [serverCrate(), serverCrate({ _id: 'c-bolts', label: 'Bolts' })],
        deleted: [],
        cursor: 'c-crates-1',
      }),
    );
    expect(await first.result).toEqual({ status: 'ok', crates: 2 });
    expect(
      first.requests.map((r) => [
        r.path,
        r.search.get('updatedSince'),
        r.headers.get('authorization'),
      ]),
    ).toEqual([['hardware/crates', '0', 'Bearer token-user-alice']]);
    expect(await crates().get('c-nails')).toMatchObject({
      department: 'hardware',
      label: 'Nails',
      count: 10,
    });
    expect(await db.syncState.get('hardware/crates')).toMatchObject({
      cursor: 'c-crates-1',
      lastSyncedAt: clock,
    });

    const second = pull(() =>
      json(200, { items: [serverCrate({ count: 4 })], deleted: ['c-bolts'], cursor: 'c-crates-2' }),
    );
    await second.result;
    expect(second.requests.map((r) => r.search.get('updatedSince'))).toEqual(['c-crates-1']);
    expect((await crates().get('c-nails'))?.count).toBe(4);
    expect(await crates().get('c-bolts')).toBeUndefined();
  });

  it('does not overwrite or delete rows with a pending outbox change, then re-reads them once settled', async () => {
    const added = await addCrate(
      'hardware',
      { crateId: 'c-nails', label: 'Nails', count: 3 },
      { db },
    );
    const other = await addCrate(
      'hardware',
      { crateId: 'c-bolts', label: 'Bolts', count: 1 },
      { db },
    );

    const during = pull(() =>
      json(200, {
        items: [serverCrate({ count: 10, label: 'Nails (server)' })],
        deleted: ['c-bolts'],
        cursor: 'c1',
      }),
    );
    await during.result;
    expect(await crates().get('c-nails')).toMatchObject({ count: 3, label: 'Nails' });
    expect(await crates().get('c-bolts')).toBeDefined();
    // Both are remembered: the one it did not overwrite and the one it did not delete.
    expect((await db.syncState.get('hardware/crates'))?.skippedIds).toEqual(['c-nails', 'c-bolts']);

    // The entries settle (sent and accepted): the next pull starts over to pick up what it skipped.
    await db.outbox.bulkDelete([added.entryId, other.entryId]);
    const after = pull(() =>
      json(200, {
        items: [serverCrate({ count: 7, label: 'Nails (server)' })],
        deleted: [],
        cursor: 'c2',
      }),
    );
    await after.result;
    expect(after.requests[0]?.search.get('updatedSince')).toBe('0');
    expect(await crates().get('c-nails')).toMatchObject({ count: 7, label: 'Nails (server)' });
    expect((await db.syncState.get('hardware/crates'))?.skippedIds).toEqual([]);
  });

  it('remembers a skipped row across pulls and re-reads it from where it was skipped, not from 0', async () => {
    await db.syncState.put({ key: 'hardware/crates', cursor: 'c1' });
    const added = await addCrate(
      'hardware',
      { crateId: 'c-nails', label: 'Nails', count: 3 },
      { db },
    );

    // Pull from c1 returns the crate with a colleague's change in it; it is skipped (ours is pending).
    await pull(() => json(200, { items: [serverCrate({ count: 8 })], deleted: [], cursor: 'c2' }))
      .result;
    // Pull from c2 does not return the crate again (unchanged since): it stays remembered.
    const quiet = pull(() => emptyList('c3'));
    await quiet.result;
    expect(quiet.requests[0]?.search.get('updatedSince')).toBe('c2');
    expect(await db.syncState.get('hardware/crates')).toMatchObject({
      skippedIds: ['c-nails'],
      skippedSince: 'c1',
    });

    // Our write settles; the next pull rewinds to c1 and brings the server's row.
    await db.outbox.delete(added.entryId);
    const after = pull(() =>
      json(200, { items: [serverCrate({ count: 5 })], deleted: [], cursor: 'c4' }),
    );
    await after.result;
    expect(after.requests[0]?.search.get('updatedSince')).toBe('c1');
    expect(await crates().get('c-nails')).toMatchObject({ count: 5 });
    expect(await db.syncState.get('hardware/crates')).toMatchObject({
      cursor: 'c4',
      skippedIds: [],
      skippedSince: null,
    });
  });

  it('treats a plain array as the whole list', async () => {
    await crates().bulkPut([
      { _id: 'c-old', department: 'hardware', label: 'Old', count: 1 },
      { _id: 'c-pens', department: 'stationery', label: 'Pens', count: 1 },
    ]);
    const { result } = pull(() => json(200, [serverCrate()]));
    expect((await result).status).toBe('ok');
    expect(await crates().get('c-old')).toBeUndefined();
    expect(await crates().get('c-nails')).toBeDefined();
    expect(await crates().get('c-pens')).toBeDefined();
  });

  it('skips malformed rows and keeps the rest', async () => {
    const { result } = pull(() =>
      json(200, { items: [{ _id: 'broken' }, serverCrate()], deleted: [], cursor: 'c1' }),
    );
    await result;
    expect(await crates().get('broken')).toBeUndefined();
    expect(await crates().get('c-nails')).toBeDefined();
  });

  it('pauses on 401 and reports other failures without touching the cursor', async () => {
    const failing = pull(() => json(500, { message: 'boom' }));
    // The server answered, with an error: not a silence (the status says unreachable for those).
    expect(await failing.result).toEqual({ status: 'error', message: 'boom', noAnswer: false });
    expect(await db.syncState.get('hardware/crates')).toBeUndefined();

    const unauthorized = pull(() => json(401, { message: 'Unauthorized' }));
    expect(await unauthorized.result).toEqual({ status: 'auth-paused' });
    const afterPause = pull(() => emptyList('x'));
    expect(await afterPause.result).toEqual({ status: 'auth-paused' });
    expect(afterPause.requests).toHaveLength(0);
  });

  it('reports a network failure as an error that got no answer', async () => {
    const { result } = pull(() => Promise.reject(new TypeError('fetch failed')));
    expect(await result).toEqual({
      status: 'error',
      message: expect.stringContaining('network error'),
      noAnswer: true,
    });
  });

  it("pulls a managers' list for an admin and the department's manager; an employee or another department's manager skips it", async () => {
    registerMirrorList({
      table: 'secretNotes',
      scope: 'department',
      departments: ['hardware'],
      path: (department) => `${department}/secret-notes`,
      pageSize: 10,
      toRecord: () => undefined,
      readers: 'manager',
    });
    try {
      const asAdmin = pull(() => emptyList('c'));
      await asAdmin.result;
      expect(asAdmin.requests.map((r) => r.path)).toContain('hardware/secret-notes');

      await signIn(db, bob);
      const asEmployee = pull(() => emptyList('c'));
      expect((await asEmployee.result).status).toBe('ok');
      expect(asEmployee.requests.map((r) => r.path)).not.toContain('hardware/secret-notes');

      await signIn(db, { ...bob, _id: 'user-mia', role: 'manager' });
      const asManager = pull(() => emptyList('c'));
      await asManager.result;
      expect(asManager.requests.map((r) => r.path)).toContain('hardware/secret-notes');

      await signIn(db, { ...bob, _id: 'user-sam', role: 'manager', category: 'godown' });
      const asOtherManager = pull(() => emptyList('c'));
      // No list of hardware is a godown manager's: nothing is asked, which is not an answer.
      expect((await asOtherManager.result).status).toBe('nothing-to-read');
      expect(asOtherManager.requests).toEqual([]);
      expect(asOtherManager.requests.map((r) => r.path)).not.toContain('hardware/secret-notes');
    } finally {
      unregisterForTests({ table: 'secretNotes' });
    }
  });
});
