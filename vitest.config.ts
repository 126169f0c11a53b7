import { defineConfig } from 'vitest/config';

// Unit tests: domain rules, the sync engine (fake-indexeddb) and React pieces, beside the code.
export default defineConfig({
  test: {
    include: [
      'domain/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'sw/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/chaos/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/support/dictionaries.ts'],
  },
});
