import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { waitForServiceWorker } from './fixtures/service-worker.ts';
import { syncedStatus, syncIndicator } from './fixtures/sync-status.ts';
import { expect, test } from './fixtures/test.ts';

async function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test.describe('offline app shell', () => {
  test('the built app is installable and precaches the shell but no admin-only chunk', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito; everything else Chromium checks must pass.
    const errors = installabilityErrors
      .map((error) => error.errorId)
      .filter((id) => id !== 'in-incognito');
    expect(errors).toEqual([]);

    const paths = await precachedPaths(page);
    expect(paths).toContain('/index.html');
    expect(paths).toContain('/manifest.webmanifest');
    expect(paths).toContain('/icons/icon-512.png');
    expect(paths.filter((path) => path.startsWith('/assets/admin-'))).toEqual([]);

    // A precached chunk that statically imports a chunk left out of the precache cannot load
    // offline: the browser refuses a module whose imports fail. (The department screens once
    // imported the admin-* user pages, and every product page broke with the server down.)
    const precached = new Set(paths);
    const dist = fileURLToPath(new URL('../../dist', import.meta.url));
    const unreachable: string[] = [];
    for (const path of paths.filter((each) => each.endsWith('.js'))) {
      const code = readFileSync(`${dist}${path}`, 'utf8');
      for (const [, target] of code.matchAll(
        /(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g,
      )) {
        const imported = `/assets/${target}`;
        if (!precached.has(imported)) unreachable.push(`${path} -> ${imported}`);
      }
    }
    expect(unreachable).toEqual([]);
  });

  test('a signed-in employee reopens the app and a deep link with the server unreachable', async ({
    page,
    server,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ category: 'hardware' });
    await signIn(page, user.email, user.password);
    await waitForServiceWorker(page);

    await server.stop();
    try {
      await page.reload();
      await expect(page).toHaveURL(/\/hardware$/);
      await expect(page.getByText(user.email)).toBeVisible();
      // The app's files come straight from the precache, without a fetch event in the worker
      // (sw/routes.ts staticRouterRules): on a fetch event each of the 70 files before the list
      // waited for the worker's script.
      const assetSources = await page.evaluate(() => [
        ...new Set(
          performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
            .map(
              (entry) =>
                (entry as PerformanceEntry & { workerMatchedSourceType?: string })
                  .workerMatchedSourceType,
            ),
        ),
      ]);
      expect(assetSources).toEqual(['cache']);

      await page.goto('/hardware/orders');
      await expect(page).toHaveURL(/\/hardware\/orders$/);
      await expect(page.getByText(user.email)).toBeVisible();
      // Nothing is queued, yet the status does not say Synced: the pulls get no answer, so the
      // stock shown cannot be refreshed and the next write will wait on this tablet.
      await expect(syncIndicator(page)).toHaveAccessibleName(/^Sync status: Server unreachable/);
    } finally {
      await server.start();
    }
    // Back within a probe (every few seconds), not the next interval's pull.
    await expect(syncIndicator(page)).toHaveAccessibleName(syncedStatus);
  });
});
