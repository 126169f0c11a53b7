import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSyncEngine,
  startSyncEngine,
  stopSyncEngine,
  syncNow,
  type SyncEngine,
} from './sync-engine.ts';
import { createSyncStatusStore } from './sync-status.ts';
import { registerOfflineEntities } from './registry.ts';
import {
  addCrate,
  crateEntities,
  crateJson,
  DatabaseWithCrates,
} from '../../tests/support/made-up-entities.ts';
import { baseUrl, bob, fakeFetch, json, signIn } from '../../tests/support/sync.ts';

// A made-up entity (tests/support/made-up-entities.ts): 'crates' of 'hardware' and 'stationery', 'crate.add'.
registerOfflineEntities([crateEntities]);

let db: DatabaseWithCrates;
let engine: SyncEngine | undefined;

beforeEach(async () => {
  db = new DatabaseWithCrates();
  await signIn(db, bob);
});

afterEach(async () => {
  engine?.stop();
  stopSyncEngine();
  db.close();
  await db.delete();
});

function server() {
  return fakeFetch(({ method, path, body }) => {
    if (method === 'POST')
      return json(201, crateJson(body as { _id: string; label: string; count: number }));
    return json(200, { items: [], deleted: [], cursor: `${path}-cursor` });
  });
}

/** A server that accepts crates, lists nothing and answers the probe, unless `down` (unreachable). */
function serverWithOutage() {
  const outage = {
    down: true,
    api: fakeFetch(({ method, path, body }) => {
      if (outage.down) return Promise.reject(new TypeError('Failed to fetch'));
      if (method === 'POST')
        return json(201, crateJson(body as { _id: string; label: string; count: number }));
      if (method === 'HEAD') return new Response(null, { status: 200 });
      return json(200, { items: [], deleted: [], cursor: `${path}-cursor` });
    }),
  };
  return outage;
}

describe('sync engine', () => {
  it('syncs on start, on online, and when a command queues an entry; stop detaches it', async () => {
    const api = server();
    const target = new EventTarget();
    const status = createSyncStatusStore({ db, online: false });
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target,
      status,
      isOnline: () => true,
      intervalMs: 3_600_000,
    });
    // One mirrored list (crates): a round pulls once.
    const pulls = () => api.requests.filter((r) => r.method === 'GET').length;

    await vi.waitFor(() => expect(pulls()).toBeGreaterThanOrEqual(1));
    expect(status.getSnapshot().online).toBe(true);
    // The session watcher's first answer may add a round to the start round; let both finish.
    await engine.syncNow();
    const settled = pulls();

    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pulls()).toBe(settled + 1));

    const added = await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    await vi.waitFor(async () => expect(await db.outbox.get(added.entryId)).toBeUndefined());

    target.dispatchEvent(new Event('offline'));
    expect(status.getSnapshot().online).toBe(false);

    engine.stop();
    const before = api.requests.length;
    target.dispatchEvent(new Event('online'));
    expect(await engine.syncNow()).toBeUndefined();
    expect(api.requests.length).toBe(before);
  });

  it('coalesces triggers that arrive during a round into one more round', async () => {
    const api = server();
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target: null,
      intervalMs: 3_600_000,
    });
    const a = engine.syncNow();
    const b = engine.syncNow();
    const c = engine.syncNow();
    expect(a).toBe(b);
    expect(b).toBe(c);
    await a;
    // The start round plus at most one coalesced round: two pulls of the one list.
    expect(api.requests.filter((r) => r.method === 'GET').length).toBe(2);
  });

  it('tries a backed-off queue at once on online and Sync now, but not on focus while the server is still down', async () => {
    const outage = serverWithOutage();
    const api = outage.api;
    const posts = () => api.requests.filter((r) => r.method === 'POST').length;
    const target = new EventTarget();
    const options = {
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target,
      isOnline: () => true,
      intervalMs: 3_600_000,
      minProbeMs: 3_600_000,
      maxProbeMs: 3_600_000,
      // A long backoff: only a forced round, or an answer from the server, can send before it is over.
      backoff: { baseMs: 600_000, maxMs: 600_000 },
    };
    engine = createSyncEngine(options);
    await engine.syncNow();

    // Queued while the server is unreachable: one try, then a ten-minute backoff.
    const first = await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.waitFor(async () => expect((await db.outbox.get(first.entryId))?.attempts).toBe(1));

    // Focus while still down: the backoff holds, nothing is sent.
    target.dispatchEvent(new Event('focus'));
    await engine.syncNow();
    expect(posts()).toBe(1);
    expect(await db.outbox.get(first.entryId)).toBeDefined();

    outage.down = false;
    target.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await db.outbox.get(first.entryId)).toBeUndefined());
    expect(posts()).toBe(2);
    engine.stop();
    engine = undefined;

    // The app's 'Sync now' button does the same for the app's engine.
    outage.down = true;
    startSyncEngine(options);
    const second = await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.waitFor(async () => expect((await db.outbox.get(second.entryId))?.attempts).toBe(1));
    outage.down = false;
    await syncNow();
    await vi.waitFor(async () => expect(await db.outbox.get(second.entryId)).toBeUndefined());
  });

  it('sends a backed-off head as soon as a pull reaches the server again (focus, timer)', async () => {
    const outage = serverWithOutage();
    const api = outage.api;
    const target = new EventTarget();
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target,
      isOnline: () => true,
      intervalMs: 3_600_000,
      minProbeMs: 3_600_000,
      maxProbeMs: 3_600_000,
      backoff: { baseMs: 600_000, maxMs: 600_000 },
    });
    await engine.syncNow();
    const added = await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.waitFor(async () => expect((await db.outbox.get(added.entryId))?.attempts).toBe(1));

    // The server is back; a plain (backoff-respecting) round's pull gets an answer, so the head goes.
    outage.down = false;
    target.dispatchEvent(new Event('focus'));
    await vi.waitFor(async () => expect(await db.outbox.get(added.entryId)).toBeUndefined());
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('keeps the backoff of a head the server answered with 503: an answering server is not hammered', async () => {
    const api = fakeFetch(({ method, path }) => {
      if (method === 'POST') return json(503, { message: 'Service Unavailable' });
      return json(200, { items: [], deleted: [], cursor: `${path}-cursor` });
    });
    const target = new EventTarget();
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target,
      isOnline: () => true,
      intervalMs: 3_600_000,
      backoff: { baseMs: 600_000, maxMs: 600_000 },
    });
    await engine.syncNow();
    const added = await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.waitFor(async () => expect((await db.outbox.get(added.entryId))?.attempts).toBe(1));
    target.dispatchEvent(new Event('focus'));
    await engine.syncNow();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(api.requests.filter((r) => r.method === 'HEAD')).toHaveLength(0);
  });
});

describe('reconnect probe', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('probes /health every few seconds while work waits, and sends the queue on the first answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const outage = serverWithOutage();
    const api = outage.api;
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target: null,
      isOnline: () => true,
      intervalMs: 30_000,
      random: () => 0.5,
      // The head's own backoff is five minutes: only the probe can bring it back sooner.
      backoff: { baseMs: 300_000, maxMs: 300_000 },
    });
    await engine.syncNow();
    const added = await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.waitFor(async () => expect((await db.outbox.get(added.entryId))?.attempts).toBe(1));

    // Down for a minute: probes every 5 s (3–7 s with this jitter), each unanswered.
    await vi.advanceTimersByTimeAsync(60_000);
    const probes = api.requests.filter((r) => r.method === 'HEAD' && r.path === 'health');
    expect(probes.length).toBeGreaterThanOrEqual(60_000 / 8_000);
    expect(await db.outbox.get(added.entryId)).toBeDefined();

    // The server comes back: within one probe interval (≤ 8 s) the crate is sent, no click.
    outage.down = false;
    await vi.advanceTimersByTimeAsync(8_000);
    await vi.waitFor(async () => expect(await db.outbox.get(added.entryId)).toBeUndefined());
  });

  it('probes while pulls get no answer with nothing queued, and leaves Server unreachable on the first answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const outage = serverWithOutage();
    const status = createSyncStatusStore({ db, online: true });
    const unsubscribe = status.subscribe(() => undefined);
    engine = createSyncEngine({
      db,
      fetch: outage.api.fetch,
      baseUrl,
      locks: null,
      target: null,
      status,
      isOnline: () => true,
      // A pull every ten minutes: only the probe can notice the server's return sooner.
      intervalMs: 600_000,
      random: () => 0.5,
    });
    await engine.syncNow();
    await vi.waitFor(() => expect(status.getSnapshot().serverUnreachable).toBe(true));
    expect(status.getSnapshot().pendingCount).toBe(0);

    outage.down = false;
    await vi.advanceTimersByTimeAsync(8_000);
    expect(outage.api.requests.some((r) => r.method === 'HEAD' && r.path === 'health')).toBe(true);
    await vi.waitFor(() => expect(status.getSnapshot().serverUnreachable).toBe(false));
    unsubscribe();
  });

  it('does not probe while the browser says offline (the online event wakes the queue)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    engine = createSyncEngine({
      db,
      fetch: api.fetch,
      baseUrl,
      locks: null,
      target: null,
      isOnline: () => false,
      intervalMs: 30_000,
      backoff: { baseMs: 300_000, maxMs: 300_000 },
    });
    await engine.syncNow();
    await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.requests.filter((r) => r.method === 'HEAD')).toHaveLength(0);
  });

  it('looks again within seconds when another context was flushing, so a server back from an outage gets the queue within a probe', async () => {
    const outage = serverWithOutage();
    // The service worker's Background Sync holds the queue while the window's first rounds run.
    let heldElsewhere = true;
    const locks = {
      request: <T>(
        _name: string,
        _options: { ifAvailable: boolean },
        callback: (lock: unknown) => Promise<T>,
      ) => callback(heldElsewhere ? null : {}),
    };
    const added = await addCrate('hardware', { label: 'Nails', count: 1 }, { db });
    // The other context tried and got no answer: what its flush records on the entry.
    await db.outbox.update(added.entryId, {
      attempts: 1,
      nextAttemptAt: Date.now() + 300_000,
      unreachable: true,
    });
    engine = createSyncEngine({
      db,
      fetch: outage.api.fetch,
      baseUrl,
      locks,
      target: null,
      isOnline: () => true,
      intervalMs: 30_000,
      minProbeMs: 50,
      maxProbeMs: 60,
      backoff: { baseMs: 300_000, maxMs: 300_000 },
    });
    await vi.waitFor(() => expect(outage.api.requests.length).toBeGreaterThan(0));
    heldElsewhere = false;
    outage.down = false;
    // Well before the 30 s interval: a recheck (2 s) sees the unreachable head, the probe finds
    // the server, and the crate goes.
    await vi.waitFor(async () => expect(await db.outbox.get(added.entryId)).toBeUndefined(), {
      timeout: 4_000,
      interval: 100,
    });
  });
});
