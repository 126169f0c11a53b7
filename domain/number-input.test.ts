import { describe, expect, it } from 'vitest';
import { queryWholeNumber, toNumberInput } from './number-input.ts';

describe('toNumberInput', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 7 ', 7],
    ['-3', -3],
    ['2.5', 2.5],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(toNumberInput(input)).toBe(expected);
  });

  it.each(['0x10', '1e1', '12abc', 'Infinity', '0b11', '1_000', '.5', '5.'])(
    'refuses %j (NaN) instead of reading it loosely',
    (input) => {
      expect(toNumberInput(input)).toBeNaN();
    },
  );
});

describe('queryWholeNumber', () => {
  const limit = queryWholeNumber({ min: 1, max: 200, message: 'Invalid limit' });
  it('reads digits only, within its range', () => {
    expect(limit.parse('50')).toBe(50);
    expect(limit.parse(' 7 ')).toBe(7);
    expect(limit.parse('+3')).toBe(3);
  });
  it.each(['0x10', '0b11', '1e1', '12abc', '2.5', '-1', '0', '201', 'Infinity', ' ', ''])(
    'refuses %j instead of reading it as a number',
    (value) => {
      const result = limit.safeParse(value);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe('Invalid limit');
    },
  );
});
