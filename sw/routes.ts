/**
 * Which requests the service worker answers from a cache. Pure functions, so they are unit
 * tested without a worker. Invariant: apart from product images, nothing under /api is ever
 * cached or answered by the worker; offline data lives in the Dexie mirror (docs/offline-model.md).
 */

/** Product images are immutable per URL (the server stores a new path per upload). */
export const productImagePrefix = '/api/v1/images/';

export const productImageCache = {
  name: 'product-images',
  maxEntries: 300,
  maxAgeSeconds: 30 * 24 * 60 * 60,
  /** 200, plus 0 (opaque) should images ever come from another host; errors are never cached. */
  statuses: [0, 200],
} as const;

export function isProductImageRequest(url: URL, method: string, sameOrigin: boolean): boolean {
  return sameOrigin && method === 'GET' && url.pathname.startsWith(productImagePrefix);
}

/**
 * Navigations the app shell must not answer, matched against pathname + search: the API (JSON,
 * PDF reports) and files opened directly (a slideshow photo in a new tab, /sw.js) go to the
 * network. Client routes never end in a file extension (ids are UUIDs).
 */
export const navigationDenylist: RegExp[] = [
  /^\/api(\/|\?|$)/,
  /^[^?]*\/[^/?]+\.[a-z0-9]{2,12}(\?|$)/i,
];

export function isShellNavigation(url: URL): boolean {
  const target = url.pathname + url.search;
  return !navigationDenylist.some((pattern) => pattern.test(target));
}

/**
 * The camera scanner's chunks and zxing's WebAssembly (issue 15): left out of the precache (most
 * tablets never scan) and cached on first use. Their names carry a content hash, so a cached copy
 * is never stale.
 */
export const scannerCache = { name: 'scanner', maxEntries: 20, statuses: [200] } as const;

export function isScannerAsset(url: URL, method: string, sameOrigin: boolean): boolean {
  return (
    sameOrigin &&
    method === 'GET' &&
    /^\/assets\/(scanner-[^/]+\.js|[^/]+\.wasm)$/.test(url.pathname)
  );
}

/**
 * ServiceWorker static routing (Chromium 123+, `InstallEvent.addRoutes`; decision 0043). First
 * match wins.
 *
 * - Requests under /api go straight to the network without a fetch event in this worker, except
 *   product images, which this worker caches. Why: an API fetch that reaches the outgoing worker
 *   while a new one is told to skip waiting can make Chromium park the activation, so the update
 *   prompt's Reload spun for minutes (tests/e2e/upgrade.spec.ts, once in seven runs, while the
 *   sync engine was pulling). Apart from images the worker answers nothing under /api anyway.
 * - The app's files under /assets are read by the browser from the caches (the precache holds
 *   them under their own URLs: their names carry a hash, so no revision is added) without running
 *   this worker's script for each; a file no cache holds goes to the network, as the precache
 *   route did. The scanner's chunks and WebAssembly, cached on first use by the fetch event
 *   (isScannerAsset), keep it. Measured with tests/bench/staff-start-compare.ts: the warm start
 *   0.95× (30 pairs, faster in 22).
 */
export const staticRouterRules = [
  { condition: { urlPattern: `${productImagePrefix}*` }, source: 'fetch-event' },
  { condition: { urlPattern: '/api/*' }, source: 'network' },
  { condition: { urlPattern: '/assets/scanner-*' }, source: 'fetch-event' },
  { condition: { urlPattern: '/assets/*.wasm' }, source: 'fetch-event' },
  { condition: { urlPattern: '/assets/*' }, source: 'cache' },
] as const;
