import { defineConfig } from 'vitest/config';

// API suites (fastify inject) run against SQLite and, where reachable, PostgreSQL.
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
