import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, sqliteFileName } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe('the SQLite database file', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'database-file-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is readable by its owner only, and so are its WAL and shared-memory files', async () => {
    const database = createDatabase({ dataDir, databaseUrl: undefined });
    try {
      await migrateToLatest(database.db);
      for (const suffix of ['', '-wal', '-shm']) {
        const mode = statSync(join(dataDir, `${sqliteFileName}${suffix}`)).mode & 0o777;
        expect(mode.toString(8), suffix || 'database').toBe('600');
      }
    } finally {
      await database.destroy();
    }
  });

  it('names the file when it cannot be opened', () => {
    const missing = join(dataDir, 'no-such-folder');
    expect(() => createDatabase({ dataDir: missing, databaseUrl: undefined })).toThrow(
      join(missing, sqliteFileName),
    );
  });
});
