import { describe, expect, it } from 'vitest';
import { monthOf, monthRange, ordersKeptDays } from './order-retention.ts';

describe('monthRange and monthOf', () => {
  it('reads a month input as that whole month in local time, and back', () => {
    const range = monthRange('2026-08');
    expect(range?.start.getTime()).toBe(new Date(2026, 7, 1).getTime());
    expect(range?.end.getTime()).toBe(new Date(2026, 8, 1).getTime());
    expect(monthOf(new Date(2026, 7, 31, 23, 59))).toBe('2026-08');
    expect(monthRange('2026-12')?.end.getTime()).toBe(new Date(2027, 0, 1).getTime());
  });

  it('refuses what is not a month', () => {
    for (const text of ['', '2026', '2026-13', '2026-00', '2026-8', 'August']) {
      expect(monthRange(text)).toBeUndefined();
    }
  });

  it('offers the default among the choices', () => {
    expect(ordersKeptDays.choices).toContain(ordersKeptDays.default);
  });
});
