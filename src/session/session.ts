import type { Subscription } from 'dexie';
import { jwtDecode } from 'jwt-decode';
import { useSyncExternalStore } from 'react';
import type { AppDatabase, SessionRecord } from '../db/database.ts';
import { appDatabaseName } from '../db/database-name.ts';
import type { LoginResponseBody } from './login-response.ts';
import { serverNowMs } from '../sync/server-clock.ts';

/**
 * The signed-in session. Kept in IndexedDB (Dexie `session` table, row id 'current') so the
 * service worker can read the token when it replays the outbox; mirrored in memory so the route
 * guard (beforeLoad) stays synchronous.
 *
 * Invariants:
 * - the in-memory snapshot equals the stored row once `loadSession()` has resolved, and follows
 *   changes made by other tabs (Dexie liveQuery propagates writes across tabs);
 * - an expired session is never returned: it is cleared, and listeners are told why;
 * - signing out deletes only the session row, never the outbox (queued work stays for the next
 *   sign-in of the same user).
 *
 * The app's store opens Dexie through a dynamic import (see `sessionStore`), so the public pages'
 * start-up code does not evaluate Dexie; the snapshot is null until `load()` has resolved, and the
 * route guard waits for `pending()` on every page a signed-out visitor may not open.
 */
export type Session = SessionRecord;
/** Why a session ended: logout here, logout (or a new sign-in) in another tab, or token expiry. */
export type SessionEndReason = 'signed-out' | 'signed-out-elsewhere' | 'expired';

/** The token's expiry (JWT `exp`, seconds); throws when it carries none. */
function tokenExpiry(token: string): number {
  const claims: unknown = jwtDecode(token);
  const exp = typeof claims === 'object' && claims !== null && 'exp' in claims ? claims.exp : null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new Error('The token has no expiry');
  return exp;
}

/** Builds the stored session from a login response; throws when the token carries no expiry. */
export function sessionFromLogin(response: LoginResponseBody): Session {
  return {
    id: 'current',
    user: {
      _id: response._id,
      email: response.email,
      role: response.role,
      category: response.category,
    },
    token: response.token,
    expiresAt: tokenExpiry(response.token) * 1000,
  };
}

export function isExpired(session: Session, now: number): boolean {
  return !(session.expiresAt > now);
}

// setTimeout holds a signed 32-bit delay; longer waits are re-armed by the periodic check.
const maxTimerDelay = 2_147_483_647;
/** Backup check: timers can be late after the device sleeps. */
const expiryCheckIntervalMs = 30_000;

export interface SessionStoreOptions {
  now?: () => number;
  /** Start timers and the cross-tab subscription (off in tests that drive the clock). */
  watch?: boolean;
  /**
   * Resolves false only when nothing can be stored yet (the database does not exist): the store
   * then reads nothing and does not open the database until it must (sign-in, or the database
   * appears because another tab signed in). Absent: always open it.
   */
  databaseExists?: () => Promise<boolean>;
}

/** The database, or a function that loads it (the app's store: Dexie is a lazy chunk). */
export type SessionDatabase = AppDatabase | (() => Promise<AppDatabase>);

export function createSessionStore(source: SessionDatabase, options: SessionStoreOptions = {}) {
  let opened: Promise<AppDatabase> | undefined;
  const open = (): Promise<AppDatabase> =>
    (opened ??= typeof source === 'function' ? source() : Promise.resolve(source));
  // Expiry is the server's: its time as estimated from its answers (src/sync/server-clock.ts,
  // decision 0026), so a tablet whose clock is days ahead is not signed out early.
  const now = options.now ?? serverNowMs;
  const watch = options.watch ?? true;
  const databaseExists = options.databaseExists ?? (() => Promise.resolve(true));
  let snapshot: Session | null = null;
  let loading: Promise<Session | null> | undefined;
  let loaded = false;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;
  let subscription: Subscription | undefined;
  // Set while watching for the database to appear (see watchForDatabase).
  let stopDatabaseWatch: (() => void) | undefined;
  let disposed = false;
  const listeners = new Set<() => void>();
  const endListeners = new Set<(reason: SessionEndReason) => void>();

  function notify(): void {
    for (const listener of listeners) listener();
  }

  function armExpiryTimer(): void {
    if (expiryTimer !== undefined) clearTimeout(expiryTimer);
    expiryTimer = undefined;
    if (!watch || !snapshot) return;
    const delay = Math.min(Math.max(snapshot.expiresAt - now(), 0), maxTimerDelay);
    expiryTimer = setTimeout(checkExpiry, delay);
  }

  function setSnapshot(next: Session | null, reason?: SessionEndReason): void {
    const changed = snapshot?.token !== next?.token;
    const hadSession = snapshot !== null;
    snapshot = next;
    armExpiryTimer();
    if (!changed) return;
    notify();
    if (hadSession && !next && reason) {
      for (const listener of endListeners) listener(reason);
    }
  }

  function expire(): void {
    setSnapshot(null, 'expired');
    // Only delete the row if it is still the expired one (another tab may have signed in anew).
    void open()
      .then((database) =>
        database.transaction('rw', database.session, async () => {
          const stored = await database.session.get('current');
          if (stored && isExpired(stored, now())) await database.session.delete('current');
        }),
      )
      .catch(() => undefined);
  }

  function checkExpiry(): void {
    if (snapshot && isExpired(snapshot, now())) expire();
    else armExpiryTimer();
  }

  /**
   * After a load that found no database: another tab may create it by signing in. Without Dexie
   * loaded there is no cross-tab notification, so check again whenever this tab becomes visible
   * or gains focus, and read and watch the session once the database exists.
   */
  function watchForDatabase(): void {
    if (!watch || typeof document === 'undefined' || stopDatabaseWatch) return;
    let checking = false;
    const check = (): void => {
      if (checking || subscription || disposed || document.visibilityState === 'hidden') return;
      checking = true;
      void databaseExists()
        .catch(() => true)
        .then((exists) => (exists ? startWatching() : undefined))
        .catch(() => undefined)
        .finally(() => {
          checking = false;
          if (subscription || disposed) stopDatabaseWatch?.();
        });
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    stopDatabaseWatch = () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
      stopDatabaseWatch = undefined;
    };
  }

  async function startWatching(): Promise<void> {
    if (!watch || subscription || disposed) return;
    const [database, { liveQuery }] = await Promise.all([open(), import('dexie')]);
    if (subscription || disposed) return;
    subscription = liveQuery(() => database.session.get('current')).subscribe({
      next: (stored) => {
        const next = stored && !isExpired(stored, now()) ? stored : null;
        setSnapshot(next, 'signed-out-elsewhere');
        if (stored && !next) expire();
      },
      error: () => undefined,
    });
    interval = setInterval(checkExpiry, expiryCheckIntervalMs);
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', checkExpiry);
    }
  }

  return {
    /** Reads the stored session once (before the router first renders) and starts watching. */
    load(): Promise<Session | null> {
      loading ??= databaseExists()
        .catch(() => true)
        .then(async (exists) => {
          if (!exists) {
            // Nothing was ever stored on this device: no session, and no database to open.
            watchForDatabase();
            return undefined;
          }
          const database = await open();
          const stored = await database.session.get('current');
          void startWatching().catch(() => undefined);
          return stored;
        })
        .catch(() => undefined)
        .then((stored) => {
          if (stored && isExpired(stored, now())) {
            setSnapshot(stored);
            expire();
          } else {
            setSnapshot(stored ?? null);
          }
          loaded = true;
          return snapshot;
        });
      return loading;
    },

    /**
     * The read of the stored session while it is under way (starting it when needed), so a caller
     * can wait for it; undefined once the snapshot reflects the stored row.
     */
    pending(): Promise<Session | null> | undefined {
      return loaded ? undefined : this.load();
    },

    /** The current session, or null (signed out or expired). Synchronous: for the route guard. */
    current(): Session | null {
      if (snapshot && isExpired(snapshot, now())) {
        // Deferred: the caller may be rendering, and clearing notifies React subscribers.
        queueMicrotask(() => {
          if (snapshot && isExpired(snapshot, now())) expire();
        });
        return null;
      }
      return snapshot;
    },

    /** The snapshot without side effects, for React's useSyncExternalStore. */
    peek(): Session | null {
      return snapshot;
    },

    async signIn(response: LoginResponseBody): Promise<Session> {
      const session = sessionFromLogin(response);
      const database = await open();
      await database.session.put(session);
      setSnapshot(session);
      // A tab that found no database at load watches from its first sign-in on.
      void startWatching().catch(() => undefined);
      return session;
    },

    async signOut(): Promise<void> {
      setSnapshot(null, 'signed-out');
      const database = await open();
      await database.session.delete('current');
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Called when a session ends (here or in another tab), with the reason. */
    onEnd(listener: (reason: SessionEndReason) => void): () => void {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },

    /** Stops timers and the subscription (tests). */
    dispose(): void {
      disposed = true;
      stopDatabaseWatch?.();
      subscription?.unsubscribe();
      subscription = undefined;
      if (expiryTimer !== undefined) clearTimeout(expiryTimer);
      if (interval !== undefined) clearInterval(interval);
      if (typeof document !== 'undefined') {
        document.removeEventListener('visibilitychange', checkExpiry);
      }
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Whether the browser holds an IndexedDB database of this name; true when it cannot tell (no
 * `indexedDB.databases()`), so the caller then opens the database as before.
 */
export async function indexedDatabaseExists(name: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === name);
}

/**
 * The app's session store over the app database, which it imports on first use: Dexie and the
 * database schema are not part of the public pages' start-up code.
 */
export const sessionStore = createSessionStore(
  () => import('../db/database.ts').then((module) => module.db),
  { databaseExists: () => indexedDatabaseExists(appDatabaseName) },
);

export const loadSession = (): Promise<Session | null> => sessionStore.load();
export const currentSession = (): Session | null => sessionStore.current();
export const pendingSessionLoad = (): Promise<Session | null> | undefined => sessionStore.pending();
export const signIn = (response: LoginResponseBody): Promise<Session> =>
  sessionStore.signIn(response);
export const signOut = (): Promise<void> => sessionStore.signOut();
export const onSessionEnd = (listener: (reason: SessionEndReason) => void): (() => void) =>
  sessionStore.onEnd(listener);

/** The current session for components; re-renders on sign-in, sign-out and expiry. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.peek, sessionStore.peek);
}
