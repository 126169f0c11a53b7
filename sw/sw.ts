/**
 * The service worker, built by vite-plugin-pwa (injectManifest) from sw/sw.ts to /sw.js, scope '/'.
 *
 * - Precache: the app shell (HTML, JS, CSS, icons, manifest) listed by the build in
 *   self.__WB_MANIFEST; which files are in it is decided in vite.config.ts (admin-only chunks are
 *   left out). Old precaches are cleaned on activate.
 * - Navigations: every client route opens from the precached /index.html, so the signed-in app
 *   starts with the server unreachable. /api navigations go to the network.
 * - Product images: cache first, bounded. No other /api response is cached: screens read the
 *   Dexie mirror, and only src/sync talks to the API.
 * - Static routes (routes.ts staticRouterRules, where the browser has them): /api other than
 *   images goes to the network with no fetch event here, so the sync engine's requests cannot
 *   hold up an update's activation; the app's files under /assets (the scanner's excepted) are
 *   read from the precache by the browser itself, without running this script (decision 0043).
 * - Background Sync: the 'outbox-sync' tag replays the outbox with the same flusher the pages use
 *   (it holds the Web Lock, so it never runs twice). Workbox's background-sync queue is NOT used:
 *   it drops requests on HTTP errors and expires them silently (docs/offline-model.md).
 * - Updates: a new worker waits until the page asks it to take over ({type: 'SKIP_WAITING'}, sent
 *   by the update prompt), so a tablet never swaps code under a half-filled form.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { outboxSyncTag, replayOutboxOnSync } from './outbox-sync.ts';
import {
  isProductImageRequest,
  isScannerAsset,
  navigationDenylist,
  productImageCache,
  scannerCache,
  staticRouterRules,
} from './routes.ts';

declare const self: ServiceWorkerGlobalScope;

/** The Background Sync event (not in TypeScript's lib yet). */
interface BackgroundSyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** The install event with the static routing API (not in TypeScript's lib yet). */
interface RoutingInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: typeof staticRouterRules) => Promise<void>;
}

self.addEventListener('install', (event) => {
  const install = event as RoutingInstallEvent;
  // Browsers without static routing send /api through the fetch event, which falls through to
  // the network as before; a refused rule set must not fail the install either.
  if (typeof install.addRoutes !== 'function') return;
  install.waitUntil(
    install.addRoutes(staticRouterRules).catch((error: unknown) => {
      console.error('Static routes refused', error);
    }),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (data && typeof data === 'object' && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The first install takes control of the open page at once, so it works offline without a reload.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: navigationDenylist }),
);

registerRoute(
  ({ url, request, sameOrigin }) => isProductImageRequest(url, request.method, sameOrigin),
  new CacheFirst({
    cacheName: productImageCache.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [...productImageCache.statuses] }),
      new ExpirationPlugin({
        maxEntries: productImageCache.maxEntries,
        maxAgeSeconds: productImageCache.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => isScannerAsset(url, request.method, sameOrigin),
  new CacheFirst({
    cacheName: scannerCache.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [...scannerCache.statuses] }),
      new ExpirationPlugin({ maxEntries: scannerCache.maxEntries, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('sync', (event) => {
  const syncEvent = event as BackgroundSyncEvent;
  if (syncEvent.tag !== outboxSyncTag) return;
  syncEvent.waitUntil(replayOutboxOnSync());
});
