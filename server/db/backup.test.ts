import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite } from './backup.ts';
import { createDatabase, newId, nowIso, type AppDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe('backupSqlite', () => {
  let dataDir: string;
  let database: AppDatabase;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'backup-'));
    database = createDatabase({ dataDir, databaseUrl: undefined });
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const addContactMessage = (text: string) =>
    database.db
      .insertInto('contact_messages')
      .values({
        id: newId(),
        name: 'Asha',
        contact: 'asha@example.com',
        contactKind: 'email',
        message: text,
        createdAt: nowIso(),
      })
      .execute();

  it('copies every committed row while the server keeps its connection open and writing', async () => {
    for (let index = 0; index < 50; index += 1) await addContactMessage(`before ${index}`);
    const file = join(dataDir, 'copy.db');
    const writing = Promise.all(
      Array.from({ length: 20 }, (_, index) => addContactMessage(`during ${index}`)),
    );
    const result = await backupSqlite(dataDir, file);
    await writing;
    expect(result.file).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const copy = new Database(file, { readonly: true });
    try {
      const count = (
        copy.prepare('select count(*) as n from contact_messages').get() as { n: number }
      ).n;
      // At least everything committed before the backup began, never a torn transaction.
      expect(count).toBeGreaterThanOrEqual(50);
      expect(count).toBeLessThanOrEqual(70);
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
  });

  it('creates missing folders and leaves one self-contained file: no -wal or -shm beside it', async () => {
    await addContactMessage('kept');
    const file = join(dataDir, 'nested', 'folder', 'copy.db');
    await backupSqlite(dataDir, file);
    expect(readdirSync(join(dataDir, 'nested', 'folder'))).toEqual(['copy.db']);
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    expect(readdirSync(join(dataDir, 'nested', 'folder'))).toEqual(['copy.db']);
  });

  it('refuses to overwrite an existing file and names a missing database', async () => {
    const existing = join(dataDir, 'taken.db');
    writeFileSync(existing, 'keep me');
    await expect(backupSqlite(dataDir, existing)).rejects.toThrow('exists already');
    await expect(backupSqlite(join(dataDir, 'nowhere'), join(dataDir, 'x.db'))).rejects.toThrow(
      'No database at',
    );
  });
});
