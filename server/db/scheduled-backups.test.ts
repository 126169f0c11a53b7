import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type AppDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { backupNow, listBackups, nextBackupAt, type BackupSchedule } from './scheduled-backups.ts';

describe('scheduled backups', () => {
  let dataDir: string;
  let database: AppDatabase;
  let schedule: BackupSchedule;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'scheduled-backups-'));
    database = createDatabase({ dataDir, databaseUrl: undefined });
    await migrateToLatest(database.db);
    schedule = {
      dir: join(dataDir, 'backups'),
      atMinutes: 120,
      keep: 3,
      timeZone: 'Africa/Dar_es_Salaam',
    };
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs next at 02:00 in the business time zone: today before it, tomorrow after it', () => {
    // 01:30 in Dar es Salaam (UTC+3) is 22:30 UTC the day before.
    expect(nextBackupAt(new Date('2026-11-26T22:30:00Z'), schedule).toISOString()).toBe(
      '2026-11-26T23:00:00.000Z',
    );
    expect(nextBackupAt(new Date('2026-11-26T23:00:00Z'), schedule).toISOString()).toBe(
      '2026-11-27T23:00:00.000Z',
    );
    expect(nextBackupAt(new Date('2026-11-27T10:00:00Z'), schedule).toISOString()).toBe(
      '2026-11-27T23:00:00.000Z',
    );
  });

  it('writes private, checked copies named by local time and keeps only the newest', async () => {
    for (const day of ['01', '02', '03', '04', '05']) {
      await backupNow(dataDir, schedule, new Date(`2026-11-${day}T23:00:00Z`));
    }
    const kept = listBackups(schedule.dir).map((record) => record.file.split('/').pop());
    expect(kept).toEqual([
      'app-2026-11-06-0200.db',
      'app-2026-11-05-0200.db',
      'app-2026-11-04-0200.db',
    ]);
    for (const record of listBackups(schedule.dir)) {
      expect(statSync(record.file).mode & 0o777).toBe(0o600);
      expect(record.bytes).toBeGreaterThan(0);
    }
  });
});
