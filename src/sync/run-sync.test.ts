import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerMirrorList, registerOfflineEntities, unregisterForTests } from './registry.ts';
import { departmentsForSession, runSync } from './run-sync.ts';
import { lastSyncKey, noAnswerKey } from './sync-state-keys.ts';
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

beforeEach(() => {
  db = new DatabaseWithCrates();
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** One round against `fetch` with this device's clock at `at`. */
function syncAt(fetch: typeof globalThis.fetch, at = clock) {
  return runSync({ db, fetch, baseUrl, locks: null, now: () => at });
}

describe('runSync', () => {
  it('pushes first, then pulls the user’s department, then records the sync time', async () => {
    await signIn(db, bob);
    const added = await addCrate('hardware', { label: 'Nails', count: 3 }, { db });
    const server = fakeFetch(({ method, path, body }) => {
      if (method === 'POST')
        return json(201, crateJson(body as { _id: string; label: string; count: number }));
      return json(200, { items: [], deleted: [], cursor: `${path}-1` });
    });

    const result = await syncAt(server.fetch);

    expect(result.ok).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST hardware/crates',
      'GET hardware/crates',
    ]);
    expect(await db.outbox.get(added.entryId)).toBeUndefined();
    expect((await db.syncState.get(lastSyncKey))?.lastSyncedAt).toBe(clock);
  });

  it('does not record a sync when the server cannot be reached', async () => {
    await signIn(db, bob);
    const server = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const result = await syncAt(server.fetch);
    expect(result.ok).toBe(false);
    expect(await db.syncState.get(lastSyncKey)).toBeUndefined();
  });

  it('records when pulls first got no answer, and forgets it once one reaches the server', async () => {
    await signIn(db, bob);
    const down = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const first = await syncAt(down.fetch);
    expect(first.noAnswer).toBe(true);
    await syncAt(down.fetch, clock + 30_000);
    // The outage began at the first silence.
    expect((await db.syncState.get(noAnswerKey))?.since).toBe(clock);

    const back = fakeFetch(({ path }) =>
      json(200, { items: [], deleted: [], cursor: `${path}-1` }),
    );
    const answered = await syncAt(back.fetch, clock + 60_000);
    expect(answered.noAnswer).toBe(false);
    expect(await db.syncState.get(noAnswerKey)).toBeUndefined();
  });

  it('does not take a scope with nothing to read for an answer from the server', async () => {
    // A company-wide list only admins read: an employee's round asks nothing for it.
    registerMirrorList({
      table: 'secretNotes',
      scope: 'global',
      path: () => 'secret-notes',
      pageSize: 10,
      toRecord: () => undefined,
      readers: 'admin',
    });
    try {
      await signIn(db, bob);
      const down = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
      const result = await syncAt(down.fetch);
      expect(result.pulls.all).toEqual({ status: 'nothing-to-read' });
      expect(result.noAnswer).toBe(true);
      expect(await db.syncState.get(noAnswerKey)).toBeDefined();
    } finally {
      unregisterForTests({ table: 'secretNotes' });
    }
  });

  it('counts an error the server sent as an answer', async () => {
    await signIn(db, bob);
    const failing = fakeFetch(() => json(503, { message: 'Busy' }));
    const result = await syncAt(failing.fetch);
    expect(result).toMatchObject({ ok: false, noAnswer: false });
    expect(await db.syncState.get(noAnswerKey)).toBeUndefined();
  });

  it('pulls every department that has a list for admins and only their own for staff', () => {
    const session = { id: 'current' as const, token: 't', expiresAt: 1 };
    expect(departmentsForSession({ ...session, user: { ...alice } })).toEqual([
      'hardware',
      'stationery',
    ]);
    expect(departmentsForSession({ ...session, user: { ...bob } })).toEqual(['hardware']);
    expect(departmentsForSession({ ...session, user: { ...bob, category: 'printing' } })).toEqual(
      [],
    );
  });
});
