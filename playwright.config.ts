import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './tests/e2e/fixtures/chromium.ts';

// Browser suites run against the built PWA served by the real server (see tests/e2e/fixtures).
// `npm test` builds dist/ first; run `npx vite build` before `npx playwright test` by hand.
const executablePath = chromiumExecutable();

function e2eWorkers(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 2;
  const workers = Number(setting);
  if (!Number.isInteger(workers) || workers < 1) {
    throw new Error(`E2E_WORKERS must be a whole number of at least 1, not '${setting}'`);
  }
  return workers;
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Files run in two workers, each with its own server and data (fixtures/test.ts), tests in a
  // file one after another. Much of a browser test is waiting (the sync engine's rounds, a server
  // restarted), so two at once overlap it: 121 tests took 13.9 min against 17.2 min in one worker
  // on the 2-core machine. E2E_WORKERS=1 runs them one at a time (debugging a timing failure).
  fullyParallel: false,
  workers: e2eWorkers(process.env.E2E_WORKERS),
  retries: 0,
  // Limits that catch a hang, not goals: the machine CI runs on is shared and its speed varies
  // threefold (npm test took 17 min on one day and 51 on another, with the same commits). On the
  // slow days an admin page opened right after sign-in took over 10 s to show (its chunks, the
  // stored session and Chakra load while the service worker precaches), and whole tests ran out of
  // 60 s on their last step. Speed is measured by `npm run bench`, never by these.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    // An action or a navigation that waits longer than this fails with its call log, instead of
    // holding the test to its limit with only "Test timeout exceeded".
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: chromiumArgs,
    },
  },
});
