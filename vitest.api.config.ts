import { defineConfig } from 'vitest/config';

// API suites (fastify inject) run against SQLite and, where reachable, PostgreSQL; so do the
// integration suites, where a tablet's real sync engine (fake-indexeddb) talks to a real server.
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
