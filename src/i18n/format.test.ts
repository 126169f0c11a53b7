import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRecentTime } from './format.ts';

const instant = '2026-01-05T11:30:00.000Z';
const utc = { timeZone: 'UTC' };

describe('formatDate', () => {
  it('writes the month name in the chosen language', () => {
    expect(formatDate(instant, 'en', utc)).toBe('5 January 2026');
    expect(formatDate(instant, 'sw', utc)).toMatch(/Januari/);
    expect(formatDate(instant, 'sw', utc)).toMatch(/2026/);
  });

  it('uses the given time zone (Dar es Salaam is UTC+3)', () => {
    expect(formatDate('2026-01-05T22:30:00.000Z', 'en', { timeZone: 'Africa/Dar_es_Salaam' })).toBe(
      '6 January 2026',
    );
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null, 'en')).toBe('—');
    expect(formatDate('', 'sw')).toBe('—');
    expect(formatDate('not a date', 'en')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('shows date and 24-hour time', () => {
    expect(formatDateTime(instant, 'en', utc)).toBe('5 Jan 2026, 11:30');
    expect(formatDateTime(instant, 'sw', utc)).toMatch(/11:30/);
  });
});

describe('formatRecentTime', () => {
  it('shows only the time for a moment of today', () => {
    const now = new Date('2026-01-05T20:00:00.000Z');
    expect(formatRecentTime(instant, 'en', { ...utc, now })).toBe('11:30');
    expect(formatRecentTime(instant, 'sw', { ...utc, now })).toMatch(/^\D*11:30\D*$/);
  });

  it('adds the date for an earlier day, judged in the given time zone', () => {
    const nextDay = new Date('2026-01-06T00:30:00.000Z');
    expect(formatRecentTime(instant, 'en', { ...utc, now: nextDay })).toBe('5 Jan 2026, 11:30');
    // 00:30 UTC on the 6th is still the 6th in Dar es Salaam, and 11:30 UTC the 5th there.
    expect(
      formatRecentTime(instant, 'en', { timeZone: 'Africa/Dar_es_Salaam', now: nextDay }),
    ).toBe('5 Jan 2026, 14:30');
  });

  it("writes today's time in the device's zone as both locales do, without Intl", () => {
    const now = new Date(2026, 10, 27, 18, 0);
    const morning = new Date(2026, 10, 27, 9, 5);
    for (const language of ['en', 'sw'] as const) {
      const intl = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'sw-TZ', {
        timeStyle: 'short',
      }).format(morning);
      expect(formatRecentTime(morning, language, { now })).toBe(intl);
    }
    expect(formatRecentTime(new Date(2026, 10, 26, 23, 59), 'en', { now })).toBe(
      '26 Nov 2026, 23:59',
    );
  });
});
