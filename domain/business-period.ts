/**
 * Calendar periods in the business time zone (BUSINESS_TZ, an IANA zone such as
 * Africa/Dar_es_Salaam), as UTC instants the server compares stored ISO timestamps with.
 *
 * Every period is half-open: `start` is its first instant, `end` the first instant of the next
 * period (so a row is inside when start <= createdAt < end). Weeks run Sunday 00:00 to the next
 * Sunday 00:00 (the spec's "Sunday to Saturday"). Pure functions over Intl (no dependency), so
 * they work for any zone, DST included: a day is 23 or 25 hours long where the clocks change,
 * and a day whose midnight does not exist (clocks jump at 00:00) starts at the jump.
 */
export interface Period {
  /** First instant of the period. */
  start: Date;
  /** First instant after the period (exclusive). */
  end: Date;
}

/** A calendar day: year, month 1–12, day 1–31. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const dayMs = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-US with h23 gives plain numeric parts in every ICU build; throws for an unknown zone.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock time of `instant` in the zone, written as if it were UTC (milliseconds since
 * the epoch of that wall-clock reading): comparable and easy to do calendar arithmetic on.
 *
 * Offsets are remembered per zone and quarter hour of UTC time: offset changes fall on a
 * quarter hour (all since 1980; a few older ones, such as Monrovia's in 1972, do not), so one
 * Intl call serves every instant of that quarter hour (a report formats thousands of row
 * times; Intl was its slowest step).
 */
const quarterHourMs = 15 * 60_000;
const offsetCache = new Map<string, number>();

function wallClockMs(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / quarterHourMs);
  const key = `${timeZone}|${quarter}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const start = quarter * quarterHourMs;
    offset = intlWallClockMs(start, timeZone) - start;
    if (offsetCache.size >= 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return instant + offset;
}

function intlWallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  // Intl drops milliseconds; keep them so the reading is exact.
  return wall + (((instant % 1000) + 1000) % 1000);
}

/** The calendar day of `instant` in the zone. */
export function civilDateOf(instant: Date, timeZone: string): CivilDate {
  const wall = new Date(wallClockMs(instant.getTime(), timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** 'YYYY-MM-DD' of `instant` in the zone. */
export function localDateText(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm' of `instant` in the zone (report rows). */
export function localDateTimeText(instant: Date, timeZone: string): string {
  const iso = new Date(wallClockMs(instant.getTime(), timeZone)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * The first instant of a calendar day in the zone. Usually its 00:00; where the clocks jump
 * over midnight, the jump (the first instant whose local date is that day); where 00:00 happens
 * twice, the first time the local date reads that day.
 */
export function startOfCivilDay(date: CivilDate, timeZone: string): Date {
  const wallMidnight = Date.UTC(date.year, date.month - 1, date.day);
  // The zone's offsets around that day (at most two: offsets do not change twice in two days).
  const offsets = new Set(
    [wallMidnight - dayMs, wallMidnight, wallMidnight + dayMs].map(
      (probe) => wallClockMs(probe, timeZone) - probe,
    ),
  );
  let best: number | undefined;
  for (const offset of offsets) {
    const candidate = wallMidnight - offset;
    // A candidate whose wall clock reads before the day belongs to the previous day.
    if (wallClockMs(candidate, timeZone) < wallMidnight) continue;
    if (best === undefined || candidate < best) best = candidate;
  }
  // Unreachable for real zones (one of the offsets is in force at the day's start).
  return new Date(best ?? wallMidnight);
}

/** The calendar day `days` after (or before, when negative) `date`. */
export function addCivilDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** 0 = Sunday … 6 = Saturday, of a calendar day (zone-independent). */
function weekdayOf(date: CivilDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

function civilPeriod(first: CivilDate, next: CivilDate, timeZone: string): Period {
  return { start: startOfCivilDay(first, timeZone), end: startOfCivilDay(next, timeZone) };
}

/** The day containing `now` in the zone. */
export function dayPeriod(now: Date, timeZone: string): Period {
  const today = civilDateOf(now, timeZone);
  return civilPeriod(today, addCivilDays(today, 1), timeZone);
}

/** The week (Sunday 00:00 to the next Sunday 00:00) containing `now` in the zone. */
export function weekPeriod(now: Date, timeZone: string): Period {
  const today = civilDateOf(now, timeZone);
  const sunday = addCivilDays(today, -weekdayOf(today));
  return civilPeriod(sunday, addCivilDays(sunday, 7), timeZone);
}

/** The week before the one containing `now`. */
export function previousWeekPeriod(now: Date, timeZone: string): Period {
  const today = civilDateOf(now, timeZone);
  const sunday = addCivilDays(today, -weekdayOf(today));
  return civilPeriod(addCivilDays(sunday, -7), sunday, timeZone);
}

/** The calendar month containing `now` in the zone. */
export function monthPeriod(now: Date, timeZone: string): Period {
  const { year, month } = civilDateOf(now, timeZone);
  const first = { year, month, day: 1 };
  const next =
    month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };
  return civilPeriod(first, next, timeZone);
}

/**
 * 'YYYY-MM-DD' → a calendar day, or undefined when it is not a real date. Years 1000 to 9998
 * only: Date.UTC reads years below 100 as 19xx, and the day after 9999-12-31 has no
 * four-digit ISO form to compare stored timestamps with.
 */
export function parseCivilDate(text: string): CivilDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.year < 1000 || date.year > 9998) return undefined;
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  // Date.UTC rolls 2026-02-30 over to March: a rolled date was not a real one.
  if (
    check.getUTCFullYear() !== date.year ||
    check.getUTCMonth() !== date.month - 1 ||
    check.getUTCDate() !== date.day
  ) {
    return undefined;
  }
  return date;
}

/**
 * Whole days from `firstDay` to `lastDay`, both included ('YYYY-MM-DD' in the zone): from the
 * start of the first to the start of the day after the last. Throws RangeError for a text that
 * is not a real date or a last day before the first (callers validate with a schema first).
 */
export function inclusiveDaysPeriod(firstDay: string, lastDay: string, timeZone: string): Period {
  const first = parseCivilDate(firstDay);
  const last = parseCivilDate(lastDay);
  if (!first || !last) throw new RangeError(`Not a calendar day: ${first ? lastDay : firstDay}`);
  if (lastDay < firstDay) throw new RangeError(`${lastDay} is before ${firstDay}`);
  return civilPeriod(first, addCivilDays(last, 1), timeZone);
}
