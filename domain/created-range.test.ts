import { describe, expect, it } from 'vitest';
import { parseCreatedBound, windowStart } from './created-range.ts';

describe('parseCreatedBound', () => {
  it('reads a whole UTC day or an ISO-8601 UTC instant as the stored ISO text', () => {
    expect(parseCreatedBound('2026-08-30')).toBe('2026-08-30T00:00:00.000Z');
    expect(parseCreatedBound(' 2026-08-30T10:20:30Z ')).toBe('2026-08-30T10:20:30.000Z');
    expect(parseCreatedBound('2026-08-30T10:20:30.5Z')).toBe('2026-08-30T10:20:30.500Z');
  });

  it('refuses anything else, including days that do not exist and local times', () => {
    for (const text of [
      '',
      'yesterday',
      '2026',
      '2026-02-30',
      '2026-13-01',
      '2026-08-30T10:20:30',
      '2026-08-30T10:20:30+03:00',
      '1790000000000',
    ])
      expect(parseCreatedBound(text)).toBeUndefined();
  });
});

describe('windowStart', () => {
  it('starts at the UTC midnight `days` days back, the same all day long', () => {
    expect(windowStart(new Date('2026-11-28T04:30:00Z'), 90)).toBe('2026-08-30T00:00:00.000Z');
    expect(windowStart(new Date('2026-11-28T23:59:59Z'), 90)).toBe('2026-08-30T00:00:00.000Z');
  });
});
