import { describe, expect, it } from 'vitest';
import { formatTsh } from './money.ts';

describe('formatTsh', () => {
  it('shows whole shillings with a Tsh prefix and comma thousands separators', () => {
    expect(formatTsh(12500)).toBe('Tsh 12,500');
    expect(formatTsh(1234567)).toBe('Tsh 1,234,567');
    expect(formatTsh(999)).toBe('Tsh 999');
    expect(formatTsh(1000)).toBe('Tsh 1,000');
    expect(formatTsh(0)).toBe('Tsh 0');
  });

  it('rounds fractions to whole shillings', () => {
    expect(formatTsh(12499.5)).toBe('Tsh 12,500');
    expect(formatTsh(12499.4)).toBe('Tsh 12,499');
  });

  it('keeps the sign of negative amounts after the currency label', () => {
    expect(formatTsh(-12500)).toBe('Tsh -12,500');
    expect(formatTsh(-0.2)).toBe('Tsh 0');
  });

  it('shows Tsh 0 for values that are not finite numbers', () => {
    expect(formatTsh(Number.NaN)).toBe('Tsh 0');
    expect(formatTsh(Number.POSITIVE_INFINITY)).toBe('Tsh 0');
  });

  it('formats very large amounts without exponent notation', () => {
    expect(formatTsh(1e21)).toBe('Tsh 1,000,000,000,000,000,000,000');
  });
});
