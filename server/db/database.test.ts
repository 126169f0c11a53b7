import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingSqliteDatabase, createDatabase, sqliteFileName } from './database.ts';
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

describe('cachingSqliteDatabase', () => {
  it('prepares each SQL text once and drops the oldest beyond its size', () => {
    const sqlite = new Database(':memory:');
    const prepared: string[] = [];
    const counting = {
      prepare: (sqlText: string) => {
        prepared.push(sqlText);
        return sqlite.prepare(sqlText);
      },
      close: () => sqlite.close(),
    };
    const cached = cachingSqliteDatabase(counting, 2);
    const a = cached.prepare('select 1');
    expect(cached.prepare('select 1')).toBe(a);
    const b = cached.prepare('select 2');
    cached.prepare('select 3'); // drops 'select 1', the oldest
    expect(cached.prepare('select 2')).toBe(b);
    cached.prepare('select 1');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 1']);
    cached.close();
    expect(sqlite.open).toBe(false);
  });

  it('hands out a fresh statement while the cached one is still iterating', () => {
    const sqlite = new Database(':memory:');
    const cached = cachingSqliteDatabase(sqlite);
    const sqlText = 'select value from json_each(?)';
    const statement = cached.prepare(sqlText);
    const outer = statement.iterate(['[1,2]']);
    expect(outer.next().value).toEqual({ value: 1 });
    const inner = cached.prepare(sqlText);
    expect(inner).not.toBe(statement);
    expect(inner.all(['[3]'])).toEqual([{ value: 3 }]);
    expect(outer.next().value).toEqual({ value: 2 });
    outer.return?.();
    expect(cached.prepare(sqlText)).toBe(statement);
    cached.close();
  });
});
