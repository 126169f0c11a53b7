import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase, type OutboxEntry } from '../db/database.ts';
import {
  createSessionStore,
  indexedDatabaseExists,
  sessionFromLogin,
  type SessionStore,
} from './session.ts';
import type { LoginResponseBody } from './login-response.ts';
import { serverClock } from '../sync/server-clock.ts';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (claims: Record<string, unknown>) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;

const start = Date.UTC(2026, 0, 1, 8, 0, 0);
const hour = 3_600_000;

function loginResponse(expiresAt: number): LoginResponseBody {
  return {
    _id: 'u1',
    email: 'worker@example.com',
    role: 'employee',
    category: 'hardware',
    token: tokenWith({ sub: 'u1', role: 'employee', category: 'hardware', exp: expiresAt / 1000 }),
    message: 'Login successful',
  };
}

let database: AppDatabase;
let clock: number;
const stores: SessionStore[] = [];

function newStore(watch = false): SessionStore {
  const store = createSessionStore(database, { now: () => clock, watch });
  stores.push(store);
  return store;
}

beforeEach(() => {
  database = new AppDatabase(`session-test-${crypto.randomUUID()}`);
  clock = start;
});

afterEach(async () => {
  for (const store of stores.splice(0)) store.dispose();
  await database.delete();
});

describe('sessionFromLogin', () => {
  it('reads the expiry from the token', () => {
    const session = sessionFromLogin(loginResponse(start + hour));
    expect(session).toMatchObject({
      id: 'current',
      user: { _id: 'u1', email: 'worker@example.com', role: 'employee', category: 'hardware' },
      expiresAt: start + hour,
    });
  });

  it('rejects a token without an expiry or a malformed token', () => {
    expect(() =>
      sessionFromLogin({ ...loginResponse(start), token: tokenWith({ sub: 'u1' }) }),
    ).toThrow();
    expect(() => sessionFromLogin({ ...loginResponse(start), token: 'not-a-jwt' })).toThrow();
  });
});

describe('session store', () => {
  it('keeps a signed-in session in IndexedDB and in memory', async () => {
    const store = newStore();
    await store.load();
    expect(store.current()).toBeNull();

    await store.signIn(loginResponse(start + hour));
    expect(store.current()?.user.email).toBe('worker@example.com');
    expect(await database.session.get('current')).toMatchObject({ expiresAt: start + hour });

    const reopened = newStore();
    expect((await reopened.load())?.user.category).toBe('hardware');
  });

  it('tells subscribers about sign-in and sign-out', async () => {
    const store = newStore();
    await store.load();
    const changes = vi.fn();
    const ends = vi.fn();
    store.subscribe(changes);
    store.onEnd(ends);

    await store.signIn(loginResponse(start + hour));
    await store.signOut();
    expect(changes).toHaveBeenCalledTimes(2);
    expect(ends).toHaveBeenCalledWith('signed-out');
    expect(await database.session.get('current')).toBeUndefined();
  });

  it('clears an expired session found on load', async () => {
    await database.session.put(sessionFromLogin(loginResponse(start - 1)));
    const store = newStore();
    expect(await store.load()).toBeNull();
    await vi.waitFor(async () => expect(await database.session.get('current')).toBeUndefined());
  });

  it('returns no session once the token has expired and clears it', async () => {
    const store = newStore();
    await store.load();
    await store.signIn(loginResponse(start + hour));
    const ends = vi.fn();
    store.onEnd(ends);

    clock = start + hour;
    expect(store.current()).toBeNull();
    await vi.waitFor(() => expect(ends).toHaveBeenCalledWith('expired'));
    await vi.waitFor(async () => expect(await database.session.get('current')).toBeUndefined());
  });

  it('ends a session on the server’s time, not on a device clock days ahead', async () => {
    const day = 24 * hour;
    const device = Date.now();
    // The server's answers say it is three days earlier than this device believes.
    serverClock.record({ sentAt: device, receivedAt: device, serverDate: device - 3 * day });
    try {
      const store = createSessionStore(database, { watch: false });
      stores.push(store);
      await store.load();
      // Expired by the device's clock, a day left by the server's.
      await store.signIn(loginResponse(device - 2 * day));
      expect(store.current()?.user._id).toBe('u1');
      // Expired by the server's clock too.
      await store.signIn(loginResponse(device - 3 * day - hour));
      expect(store.current()).toBeNull();
    } finally {
      // The device and the server agree again for the tests after this one.
      const now = Date.now();
      serverClock.record({ sentAt: now, receivedAt: now, serverDate: now });
    }
  });

  it('keeps queued outbox entries when the user signs out', async () => {
    const store = newStore();
    await store.load();
    await store.signIn(loginResponse(start + hour));
    const entry: OutboxEntry = {
      id: 'o1',
      userId: 'u1',
      method: 'POST',
      path: '/hardware/orders',
      body: {},
      createdAt: start,
      attempts: 0,
      status: 'pending',
    };
    await database.outbox.add(entry);

    await store.signOut();
    expect(await database.outbox.count()).toBe(1);
  });

  it('follows a sign-in and a sign-out made through another instance (another tab)', async () => {
    const watching = newStore(true);
    await watching.load();
    const otherTab = new AppDatabase(database.name);
    const other = createSessionStore(otherTab, {
      now: () => clock,
      watch: false,
    });
    stores.push(other);

    await other.signIn(loginResponse(start + hour));
    await vi.waitFor(() => expect(watching.current()?.user._id).toBe('u1'));

    const ends = vi.fn();
    watching.onEnd(ends);
    await other.signOut();
    await vi.waitFor(() => expect(watching.current()).toBeNull());
    expect(ends).toHaveBeenCalledWith('signed-out-elsewhere');
    otherTab.close();
  });

  it('reads nothing and opens no database on a device where none exists yet', async () => {
    const name = `never-created-${crypto.randomUUID()}`;
    const openDatabase = vi.fn(() => Promise.resolve(new AppDatabase(name)));
    const store = createSessionStore(openDatabase, {
      now: () => clock,
      watch: false,
      databaseExists: () => indexedDatabaseExists(name),
    });
    stores.push(store);

    await expect(store.load()).resolves.toBeNull();
    expect(store.pending()).toBeUndefined();
    expect(openDatabase).not.toHaveBeenCalled();
    await expect(indexedDatabaseExists(name)).resolves.toBe(false);
  });

  it('stores the first sign-in after a load that found no database', async () => {
    const name = `first-sign-in-${crypto.randomUUID()}`;
    const created = new AppDatabase(name);
    const store = createSessionStore(() => Promise.resolve(created), {
      now: () => clock,
      watch: false,
      databaseExists: () => indexedDatabaseExists(name),
    });
    stores.push(store);
    await store.load();

    await store.signIn(loginResponse(start + hour));
    expect(store.current()?.user._id).toBe('u1');
    await expect(indexedDatabaseExists(name)).resolves.toBe(true);
    expect((await created.session.get('current'))?.user._id).toBe('u1');
    await created.delete();
  });

  it('finds a session stored before the check when the database exists', async () => {
    await database.session.put(sessionFromLogin(loginResponse(start + hour)));
    const store = createSessionStore(database, {
      now: () => clock,
      watch: false,
      databaseExists: () => indexedDatabaseExists(database.name),
    });
    stores.push(store);
    await expect(store.load()).resolves.toMatchObject({ user: { _id: 'u1' } });
  });
});
