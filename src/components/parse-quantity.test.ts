import { describe, expect, it } from 'vitest';
import { parseQuantity } from './parse-quantity.ts';

describe('parseQuantity', () => {
  it('keeps whole numbers of at least 1', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
  });

  it('turns invalid input into 1', () => {
    for (const text of ['', '0', '-4', '2.5', 'abc', 'NaN']) expect(parseQuantity(text)).toBe(1);
  });
});
