import { liveQuery, type Subscription } from 'dexie';
import { db as defaultDb } from '../db/database.ts';
import { probeServer } from './http.ts';
import { runSync, type RunSyncOptions, type RunSyncResult } from './run-sync.ts';
import { syncStatusStore, type SyncStatusStore } from './sync-status.ts';

/**
 * The window's sync triggers (docs/offline-model.md, rule 2): a round (push, then pull) on start, on
 * `online`, on focus / becoming visible, when a command queues an entry, on a timer (30 s, backing
 * off while offline, sooner when a retry is due) and on `syncNow()`. Rounds never overlap in a tab;
 * a trigger during a round runs one more round after it. Across tabs and the service worker the
 * flusher's Web Lock keeps a single sender.
 *
 * Start, `online` and the 'Sync now' button say the situation may have changed, so their round
 * tries the head entry at once even while it is backing off (`ignoreBackoff`); focus, new entries
 * and the timer respect the backoff, so a failing server is not hammered.
 *
 * Reconnecting without anyone touching the screen: while entries wait after a failed attempt and
 * the browser says online, a probe (HEAD /health, no body) runs every few seconds with jitter,
 * never more than `maxProbeMs` apart; the first answer starts a round that ignores the backoff.
 * The browser's online flag is not trusted to mean the server is reachable (Wi-Fi up, server or
 * upstream down is the common outage), so the probe is what notices the server's return. While
 * the browser says offline the probe stops and the 'online' event wakes the queue instead.
 */
export const backgroundSyncTag = 'outbox-sync';

export interface SyncEngineOptions extends RunSyncOptions {
  intervalMs?: number;
  /** Longest wait between rounds while offline. */
  maxIntervalMs?: number;
  status?: SyncStatusStore;
  /** Where online/offline/focus/visibilitychange are heard; default `window` (none in workers/tests). */
  target?: EventTarget | null;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
  /** Shortest and longest wait between reachability probes while work waits (jittered). */
  minProbeMs?: number;
  maxProbeMs?: number;
  /** Test seam for the jitter, [0, 1). */
  random?: () => number;
}

export interface SyncTrigger {
  /** Try the head entry now even if it is backing off (start, `online`, 'Sync now'). */
  ignoreBackoff?: boolean;
}

export interface SyncEngine {
  syncNow(trigger?: SyncTrigger): Promise<RunSyncResult | undefined>;
  stop(): void;
}

interface NavigatorExtras {
  onLine?: boolean;
  storage?: { persisted?: () => Promise<boolean>; persist?: () => Promise<boolean> };
  serviceWorker?: { getRegistration?: () => Promise<unknown> };
}

function nav(): NavigatorExtras | undefined {
  return (globalThis as { navigator?: NavigatorExtras }).navigator;
}

let persistenceRequested = false;

/** Rule 7: ask once for persistent storage so the browser does not evict queued work. */
async function requestPersistentStorage(): Promise<void> {
  if (persistenceRequested) return;
  persistenceRequested = true;
  const storage = nav()?.storage;
  try {
    if (storage?.persisted && (await storage.persisted())) return;
    await storage?.persist?.();
  } catch {
    // Not granted or not supported: the app still works, eviction is just possible.
  }
}

/** Lets the browser wake the service worker to flush when connectivity returns (where supported). */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await nav()?.serviceWorker?.getRegistration?.()) as
      { sync?: { register(tag: string): Promise<void> } } | undefined;
    await registration?.sync?.register(backgroundSyncTag);
  } catch {
    // No service worker or no Background Sync: the window's triggers still flush.
  }
}

/** How soon a window looks again after another context was flushing the queue. */
const busyRecheckMs = 2_000;

export function createSyncEngine(options: SyncEngineOptions = {}): SyncEngine {
  const db = options.db ?? defaultDb;
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 30_000;
  const minProbeMs = options.minProbeMs ?? 3_000;
  const maxProbeMs = options.maxProbeMs ?? 7_000;
  const random = options.random ?? Math.random;
  const maxIntervalMs = options.maxIntervalMs ?? 5 * 60_000;
  const status = options.status ?? syncStatusStore;
  const target =
    options.target === undefined
      ? typeof window === 'undefined'
        ? null
        : (window as EventTarget)
      : options.target;
  const isOnline = options.isOnline ?? (() => nav()?.onLine ?? true);
  const isVisible =
    options.isVisible ??
    (() => (typeof document === 'undefined' ? true : document.visibilityState === 'visible'));

  let stopped = false;
  let current: Promise<RunSyncResult | undefined> | null = null;
  let again = false;
  let againIgnoresBackoff = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let offlineRounds = 0;
  let lastPending = 0;
  let watcher: Subscription | undefined;
  let sessionWatcher: Subscription | undefined;
  let lastToken: string | undefined;

  function schedule(result: RunSyncResult | undefined) {
    if (stopped) return;
    clearTimeout(timer);
    let delay = intervalMs;
    if (!isOnline()) {
      offlineRounds += 1;
      delay = Math.min(maxIntervalMs, intervalMs * 2 ** Math.min(offlineRounds, 10));
    } else {
      offlineRounds = 0;
    }
    const flush = result?.flush;
    // Another tab or the service worker (Background Sync) held the queue: its try may have got
    // no answer, which this window would not hear of for a whole interval. Look again soon: the
    // entries then say whether they wait on an unreachable server, and the probe takes over.
    if (flush?.status === 'busy') delay = Math.min(delay, busyRecheckMs);
    // Probe only when the last try got no answer: a server answering 5xx/429 keeps its backoff.
    // A pull with no answer too, so the status leaves Server unreachable soon after the server
    // is back, not an interval later.
    const waiting = (flush?.status === 'backoff' && flush.unreachable) || result?.noAnswer === true;
    if (flush && flush.status === 'backoff' && flush.retryAt !== undefined) {
      delay = Math.min(delay, Math.max(1_000, flush.retryAt - now()));
    }
    if (waiting && isOnline()) {
      const probeIn = minProbeMs + random() * (maxProbeMs - minProbeMs);
      if (probeIn < delay) {
        timer = setTimeout(() => void probe(result), probeIn);
        return;
      }
    }
    timer = setTimeout(() => void syncNow(), delay);
  }

  /** Asks the server whether it answers; if so the queue goes at once, else probe again later. */
  async function probe(result: RunSyncResult | undefined): Promise<void> {
    if (stopped || current) return;
    const reachable = await probeServer(options);
    if (stopped || current) return;
    if (reachable) void syncNow({ ignoreBackoff: true });
    else schedule(result);
  }

  async function round(ignoreBackoff: boolean): Promise<RunSyncResult | undefined> {
    try {
      return await runSync({ ...options, ignoreBackoff });
    } catch {
      // A database or unexpected error: the next trigger tries again.
      return undefined;
    }
  }

  function syncNow(trigger: SyncTrigger = {}): Promise<RunSyncResult | undefined> {
    if (stopped) return Promise.resolve(undefined);
    const ignoreBackoff = trigger.ignoreBackoff ?? options.ignoreBackoff ?? false;
    if (current) {
      again = true;
      againIgnoresBackoff ||= ignoreBackoff;
      return current;
    }
    status.setSyncing(true);
    current = (async () => {
      let result: RunSyncResult | undefined;
      let force = ignoreBackoff;
      do {
        again = false;
        result = await round(force);
        force = againIgnoresBackoff;
        againIgnoresBackoff = false;
      } while (again && !stopped);
      return result;
    })();
    const running = current;
    void running.then((result) => {
      current = null;
      status.setSyncing(false);
      schedule(result);
    });
    return running;
  }

  const onOnline = () => {
    status.setOnline(true);
    void syncNow({ ignoreBackoff: true });
  };
  const onOffline = () => status.setOnline(false);
  const onFocus = () => void syncNow();
  const onVisibility = () => {
    if (isVisible()) void syncNow();
  };

  target?.addEventListener('online', onOnline);
  target?.addEventListener('offline', onOffline);
  target?.addEventListener('focus', onFocus);
  // visibilitychange is fired at the document and bubbles to the window.
  target?.addEventListener('visibilitychange', onVisibility);

  // A command queued something: send it now if we can, and let the service worker finish it later.
  // Counted over pending and sending alike, so an entry going back from sending to pending after
  // a failed try is not mistaken for new work (that would start round after round).
  watcher = liveQuery(() =>
    db.outbox.where('status').anyOf(['pending', 'sending']).count(),
  ).subscribe({
    next: (count) => {
      if (count > lastPending) {
        // While the browser says offline a round could only fail; the 'online' event (or the
        // service worker's sync) sends the queue, so a tablet taking orders offline stays quick.
        if (isOnline()) void syncNow();
        void registerBackgroundSync();
      }
      lastPending = count;
    },
    error: () => undefined,
  });

  // A sign-in (or a renewed token after a 401 pause) starts a round at once, so a freshly signed-in
  // tablet shows its department's products without waiting for the timer.
  sessionWatcher = liveQuery(() => db.session.get('current')).subscribe({
    next: (session) => {
      const token = session?.token;
      if (token && token !== lastToken) void syncNow();
      lastToken = token;
    },
    error: () => undefined,
  });

  status.setOnline(isOnline());
  void requestPersistentStorage();
  void registerBackgroundSync();
  void syncNow({ ignoreBackoff: true });

  return {
    syncNow,
    stop() {
      stopped = true;
      clearTimeout(timer);
      watcher?.unsubscribe();
      watcher = undefined;
      sessionWatcher?.unsubscribe();
      sessionWatcher = undefined;
      target?.removeEventListener('online', onOnline);
      target?.removeEventListener('offline', onOffline);
      target?.removeEventListener('focus', onFocus);
      target?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

let engine: SyncEngine | null = null;

/** Starts the app's sync engine (once; a second call replaces the first). */
export function startSyncEngine(options: SyncEngineOptions = {}): SyncEngine {
  engine?.stop();
  engine = createSyncEngine(options);
  return engine;
}

export function stopSyncEngine(): void {
  engine?.stop();
  engine = null;
}

/**
 * The "Sync now" button: a round that tries the queue at once, even while it is backing off.
 * Runs a single round when the engine is not started.
 */
export function syncNow(): Promise<RunSyncResult | undefined> {
  return engine
    ? engine.syncNow({ ignoreBackoff: true })
    : runSync({ ignoreBackoff: true }).catch(() => undefined);
}
