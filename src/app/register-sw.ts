import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) and tells the UI when a new version
 * is waiting. Production builds only: in dev the worker would serve stale code under Vite's HMR.
 *
 * Updates follow the 'prompt' model: a new worker installs in the background and waits; the
 * update prompt asks the user, then `applyUpdate()` lets it take over and reloads once it
 * controls the page. Nothing is lost by the reload: queued writes live in the Dexie outbox.
 */

/** Tablets keep the app open for days without a navigation, so ask for updates now and then. */
const updateCheckIntervalMs = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(next: boolean): void {
  if (updateWaiting === next) return;
  updateWaiting = next;
  for (const listener of listeners) listener();
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || workbox || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  // Fires for a worker that installed while this page was open, and for one that was already
  // waiting when the page loaded.
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  wb.register().catch((error: unknown) => {
    // No worker means no offline start, but the online app still works: report, do not throw.
    console.error('Service worker registration failed', error);
  });
  setInterval(() => {
    if (navigator.onLine && document.visibilityState === 'visible') {
      wb.update().catch(() => {
        // Offline or the server is down: the next check will try again.
      });
    }
  }, updateCheckIntervalMs);
}

/** Lets the waiting worker take over, then reloads this page onto the new version. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getUpdateWaiting(): boolean {
  return updateWaiting;
}

/** True while a new version is installed and waiting for the user's go-ahead. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, getUpdateWaiting, () => false);
}
