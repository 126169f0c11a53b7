import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/fixtures/chromium.ts';

/**
 * A browser as a tablet has it: Chromium on a profile kept in a directory on disk
 * (`launchPersistentContext`), so IndexedDB, the Cache Storage and the service worker are read
 * from and written to disk. Playwright's default context keeps them in memory, which made the
 * first sync of 50,000 products look 4–5× faster than on a real profile (issue 24 item 4). Every
 * browser bench opens its browser here; `close()` closes it and removes the profile.
 */
export interface DiskProfile {
  context: BrowserContext;
  /** The profile's directory (kept until `close`, so a bench may launch on it again). */
  dir: string;
  close(): Promise<void>;
}

export async function launchOnDisk(baseURL: string, name = 'bench'): Promise<DiskProfile> {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-profile-`));
  const context = await chromium.launchPersistentContext(dir, {
    headless: true,
    baseURL,
    args: chromiumArgs,
    ...(chromiumExecutable() ? { executablePath: chromiumExecutable() } : {}),
  });
  return {
    context,
    dir,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The profile's first page (a persistent context opens with one). */
export async function firstPage(context: BrowserContext) {
  return context.pages()[0] ?? (await context.newPage());
}
