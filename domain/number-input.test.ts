import { describe, expect, it } from 'vitest';
import { toNumberInput } from './number-input.ts';

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
