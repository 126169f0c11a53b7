import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite } from './backup.ts';
import { createDatabase, newId, nowIso, sqliteFileName, type AppDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { restoreSqlite } from './restore.ts';

describe('restoreSqlite', () => {
  let dataDir: string;
  let database: AppDatabase | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'restore-'));
    database = createDatabase({ dataDir, databaseUrl: undefined });
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const names = () => {
    const live = new Database(join(dataDir, sqliteFileName), { readonly: true });
    try {
      return (
        live.prepare('select name from contact_messages order by name').all() as { name: string }[]
      ).map((row) => row.name);
    } finally {
      live.close();
    }
  };
  const add = (name: string) =>
    database?.db
      .insertInto('contact_messages')
      .values({
        id: newId(),
        name,
        contact: 'a@example.com',
        contactKind: 'email',
        message: 'm',
        createdAt: nowIso(),
      })
      .execute();

  it('refuses while the server has the database open, then puts the backup in place and keeps the old one aside', async () => {
    await add('in the backup');
    const backup = join(dataDir, 'backups', 'b.db');
    await backupSqlite(dataDir, backup);
    await add('after the backup');
    expect(() => restoreSqlite(dataDir, backup)).toThrow('stop the server');
    await database?.destroy();
    database = undefined;
    const result = restoreSqlite(dataDir, backup);
    expect(names()).toEqual(['in the backup']);
    expect(statSync(result.restored).mode & 0o777).toBe(0o600);
    expect(result.keptAside && existsSync(result.keptAside)).toBe(true);
    const aside = new Database(result.keptAside ?? '', { readonly: true });
    try {
      expect(aside.prepare('select count(*) as n from contact_messages').get()).toEqual({ n: 2 });
    } finally {
      aside.close();
    }
  });

  it('refuses a file that is not a sound backup of this app and changes nothing', async () => {
    await database?.destroy();
    database = undefined;
    const junk = join(dataDir, 'junk.db');
    writeFileSync(junk, 'not a database');
    const other = join(dataDir, 'other.db');
    new Database(other).exec('create table t (x)');
    const before = readdirSync(dataDir).sort();
    expect(() => restoreSqlite(dataDir, junk)).toThrow(/cannot be opened|not a backup/);
    expect(() => restoreSqlite(dataDir, other)).toThrow('not a backup of this app');
    expect(() => restoreSqlite(dataDir, join(dataDir, 'missing.db'))).toThrow('No backup at');
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });
});
