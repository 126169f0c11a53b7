import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './tests/e2e/fixtures/chromium.ts';

// Browser suites run against the built PWA served by the real server (see tests/e2e/fixtures).
// `npm test` builds dist/ first; run `npx vite build` before `npx playwright test` by hand.
const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: chromiumArgs,
    },
  },
});
