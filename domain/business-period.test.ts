import { describe, expect, it } from 'vitest';
import {
  addCivilDays,
  civilDateOf,
  dayPeriod,
  inclusiveDaysPeriod,
  localDateText,
  localDateTimeText,
  monthPeriod,
  parseCivilDate,
  previousWeekPeriod,
  startOfCivilDay,
  weekPeriod,
  type Period,
} from './business-period.ts';

const dar = 'Africa/Dar_es_Salaam';
const berlin = 'Europe/Berlin';

const iso = (period: Period) => ({
  start: period.start.toISOString(),
  end: period.end.toISOString(),
});
const at = (text: string) => new Date(text);

describe('business periods in Africa/Dar_es_Salaam (UTC+3, no DST)', () => {
  // Sunday 2026-11-22 00:00 in Dar es Salaam is Saturday 2026-11-21 21:00 UTC.
  it('puts the last millisecond before local midnight in the old day and midnight in the new one', () => {
    expect(iso(dayPeriod(at('2026-11-21T20:59:59.999Z'), dar))).toEqual({
      start: '2026-11-20T21:00:00.000Z',
      end: '2026-11-21T21:00:00.000Z',
    });
    expect(iso(dayPeriod(at('2026-11-21T21:00:00.000Z'), dar))).toEqual({
      start: '2026-11-21T21:00:00.000Z',
      end: '2026-11-22T21:00:00.000Z',
    });
  });

  it('counts the local date, not the UTC one, between 21:00 and 24:00 UTC', () => {
    // 22:30 UTC on the 21st is 01:30 on the 22nd in Dar es Salaam.
    expect(localDateText(at('2026-11-21T22:30:00Z'), dar)).toBe('2026-11-22');
    expect(localDateTimeText(at('2026-11-21T22:30:00Z'), dar)).toBe('2026-11-22 01:30');
    expect(civilDateOf(at('2026-11-21T20:30:00Z'), dar)).toEqual({
      year: 2026,
      month: 11,
      day: 21,
    });
  });

  it('starts the week on Sunday 00:00 local time, one millisecond deciding', () => {
    const saturdayNight = at('2026-11-21T20:59:59.999Z'); // Sat 23:59:59.999 local
    const sundayMidnight = at('2026-11-21T21:00:00.000Z'); // Sun 00:00 local
    expect(iso(weekPeriod(saturdayNight, dar))).toEqual({
      start: '2026-11-14T21:00:00.000Z',
      end: '2026-11-21T21:00:00.000Z',
    });
    expect(iso(weekPeriod(sundayMidnight, dar))).toEqual({
      start: '2026-11-21T21:00:00.000Z',
      end: '2026-11-28T21:00:00.000Z',
    });
    expect(iso(previousWeekPeriod(sundayMidnight, dar))).toEqual({
      start: '2026-11-14T21:00:00.000Z',
      end: '2026-11-21T21:00:00.000Z',
    });
    expect(iso(previousWeekPeriod(saturdayNight, dar))).toEqual({
      start: '2026-11-07T21:00:00.000Z',
      end: '2026-11-14T21:00:00.000Z',
    });
  });

  it('gives the same week for every day from Sunday to Saturday', () => {
    const sunday = at('2026-11-21T21:00:00.000Z');
    const expected = iso(weekPeriod(sunday, dar));
    for (let hours = 0; hours < 7 * 24; hours += 5) {
      expect(iso(weekPeriod(new Date(sunday.getTime() + hours * 3_600_000), dar))).toEqual(
        expected,
      );
    }
  });

  it('ends the month at local midnight of the 1st, and rolls December into January', () => {
    // 30 November 23:59 local is still November; 1 December 00:00 local is December.
    expect(iso(monthPeriod(at('2026-11-30T20:59:00Z'), dar))).toEqual({
      start: '2026-10-31T21:00:00.000Z',
      end: '2026-11-30T21:00:00.000Z',
    });
    expect(iso(monthPeriod(at('2026-11-30T21:00:00Z'), dar))).toEqual({
      start: '2026-11-30T21:00:00.000Z',
      end: '2026-12-31T21:00:00.000Z',
    });
    expect(iso(monthPeriod(at('2026-12-31T21:00:00Z'), dar))).toEqual({
      start: '2026-12-31T21:00:00.000Z',
      end: '2027-01-31T21:00:00.000Z',
    });
    // February of a leap year.
    expect(iso(monthPeriod(at('2028-02-15T12:00:00Z'), dar))).toEqual({
      start: '2028-01-31T21:00:00.000Z',
      end: '2028-02-29T21:00:00.000Z',
    });
  });

  it('covers whole days, both included, for a report range', () => {
    expect(iso(inclusiveDaysPeriod('2026-11-01', '2026-11-30', dar))).toEqual({
      start: '2026-10-31T21:00:00.000Z',
      end: '2026-11-30T21:00:00.000Z',
    });
    expect(iso(inclusiveDaysPeriod('2026-11-22', '2026-11-22', dar))).toEqual({
      start: '2026-11-21T21:00:00.000Z',
      end: '2026-11-22T21:00:00.000Z',
    });
  });

  it('refuses a day that does not exist or a range that runs backwards', () => {
    expect(() => inclusiveDaysPeriod('2026-02-30', '2026-03-01', dar)).toThrow(RangeError);
    expect(() => inclusiveDaysPeriod('2026-03-02', '2026-03-01', dar)).toThrow(RangeError);
    expect(parseCivilDate('2026-13-01')).toBeUndefined();
    expect(parseCivilDate('2026-1-01')).toBeUndefined();
    expect(parseCivilDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    // Outside the years a stored ISO timestamp can be compared with.
    expect(parseCivilDate('0001-01-01')).toBeUndefined();
    expect(parseCivilDate('9999-12-31')).toBeUndefined();
  });

  it('adds calendar days across month and year ends', () => {
    expect(addCivilDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    });
    expect(addCivilDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
  });
});

describe('business periods in a zone with daylight saving time (Europe/Berlin)', () => {
  it('makes the spring-forward day 23 hours long and the autumn day 25', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST. 2026-10-25: 03:00 CEST becomes 02:00 CET.
    const spring = dayPeriod(at('2026-03-29T12:00:00Z'), berlin);
    expect(iso(spring)).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
    });
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = dayPeriod(at('2026-10-25T12:00:00Z'), berlin);
    expect(iso(autumn)).toEqual({
      start: '2026-10-24T22:00:00.000Z',
      end: '2026-10-25T23:00:00.000Z',
    });
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('gives a week across the change its real length and local Sunday midnights', () => {
    // Sunday 2026-03-29 00:00 is still CET (23:00 UTC); the next Sunday's midnight is CEST.
    const week = weekPeriod(at('2026-04-01T10:00:00Z'), berlin);
    expect(iso(week)).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-04-04T22:00:00.000Z',
    });
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * 3_600_000 - 3_600_000);
    expect(iso(previousWeekPeriod(at('2026-04-01T10:00:00Z'), berlin))).toEqual({
      start: '2026-03-21T23:00:00.000Z',
      end: '2026-03-28T23:00:00.000Z',
    });
  });

  it('puts a month boundary at local midnight on both sides of the change', () => {
    expect(iso(monthPeriod(at('2026-10-31T22:59:59.999Z'), berlin))).toEqual({
      start: '2026-09-30T22:00:00.000Z',
      end: '2026-10-31T23:00:00.000Z',
    });
    expect(iso(monthPeriod(at('2026-10-31T23:00:00.000Z'), berlin))).toEqual({
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
    });
  });
});

describe('days whose midnight is skipped or repeated', () => {
  // America/Santiago moves its clocks at 00:00: in September 00:00 becomes 01:00 (no midnight),
  // in April 00:00 goes back to 23:00 of the day before (the evening happens twice).
  const santiago = 'America/Santiago';

  it('starts a day without a midnight at the jump, the first instant dated that day', () => {
    const start = startOfCivilDay({ year: 2026, month: 9, day: 6 }, santiago);
    expect(localDateTimeText(start, santiago)).toBe('2026-09-06 01:00');
    expect(localDateText(new Date(start.getTime() - 1), santiago)).toBe('2026-09-05');
  });

  it('starts a day after a repeated evening at its one 00:00', () => {
    const start = startOfCivilDay({ year: 2026, month: 4, day: 5 }, santiago);
    expect(localDateTimeText(start, santiago)).toBe('2026-04-05 00:00');
    expect(localDateText(new Date(start.getTime() - 1), santiago)).toBe('2026-04-04');
  });
});
