import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

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
