import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { addCivilDays, civilDateOf, startOfCivilDay } from '../../domain/business-period.ts';
import { backupSqlite } from './backup.ts';

/**
 * Daily backups of the SQLite database while the server runs (issue 23): at `at` (HH:MM in the
 * business time zone) an online backup (server/db/backup.ts: consistent, checked with
 * integrity_check, readable by its owner only) is written to `dir` as
 * `app-YYYY-MM-DD-HHMM.db`, and only the `keep` newest are kept. A failed backup is logged and
 * tried again the next day; it never stops the server.
 */
export interface BackupSchedule {
  dir: string;
  /** Minutes after local midnight. */
  atMinutes: number;
  keep: number;
  timeZone: string;
}

export interface BackupRecord {
  file: string;
  at: string;
  bytes: number;
}

const backupName = /^app-\d{4}-\d{2}-\d{2}-\d{4}\.db$/;

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): BackupRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => backupName.test(name))
    .map((name) => {
      const stat = statSync(join(dir, name));
      return { file: join(dir, name), at: stat.mtime.toISOString(), bytes: stat.size };
    })
    .sort((a, b) => (a.file < b.file ? 1 : -1));
}

/** The next instant at `atMinutes` past local midnight in `timeZone`, after `now`. */
export function nextBackupAt(
  now: Date,
  schedule: Pick<BackupSchedule, 'atMinutes' | 'timeZone'>,
): Date {
  const today = civilDateOf(now, schedule.timeZone);
  for (const day of [today, addCivilDays(today, 1), addCivilDays(today, 2)]) {
    const at = new Date(
      startOfCivilDay(day, schedule.timeZone).getTime() + schedule.atMinutes * 60_000,
    );
    if (at.getTime() > now.getTime()) return at;
  }
  return new Date(now.getTime() + 24 * 60 * 60_000);
}

function stampOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}-${part('hour')}${part('minute')}`;
}

/** One backup now into the schedule's folder, then the oldest beyond `keep` removed. */
export async function backupNow(
  dataDir: string,
  schedule: BackupSchedule,
  now = new Date(),
): Promise<BackupRecord> {
  mkdirSync(schedule.dir, { recursive: true, mode: 0o700 });
  const file = join(schedule.dir, `app-${stampOf(now, schedule.timeZone)}.db`);
  rmSync(file, { force: true });
  const result = await backupSqlite(dataDir, file);
  for (const old of listBackups(schedule.dir).slice(schedule.keep))
    rmSync(old.file, { force: true });
  return { file: result.file, at: now.toISOString(), bytes: result.bytes };
}

export interface ScheduledBackups {
  /** When the next backup runs. */
  readonly next: Date;
  stop(): void;
}

export function startScheduledBackups(
  dataDir: string,
  schedule: BackupSchedule,
  log: { info(message: string): void; error(message: string): void },
): ScheduledBackups {
  let timer: NodeJS.Timeout | undefined;
  let next = nextBackupAt(new Date(), schedule);
  const plan = () => {
    next = nextBackupAt(new Date(), schedule);
    // Timers above 2^31-1 ms misfire; a day is far below, and the plan is remade after each run.
    timer = setTimeout(run, Math.max(1000, next.getTime() - Date.now()));
    timer.unref();
  };
  const run = () => {
    backupNow(dataDir, schedule)
      .then(
        (record) =>
          log.info(`Backup written: ${record.file} (${Math.round(record.bytes / 1024)} KiB)`),
        (error: unknown) =>
          log.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(plan);
  };
  plan();
  return {
    get next() {
      return next;
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
