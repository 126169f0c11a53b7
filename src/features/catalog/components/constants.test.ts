import { describe, expect, it } from 'vitest';
import { parseQuantity, previewText } from './constants.ts';

describe('parseQuantity', () => {
  it('keeps whole numbers of at least 1', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
  });

  it('turns invalid input into 1', () => {
    for (const text of ['', '0', '-4', '2.5', 'abc', 'NaN']) expect(parseQuantity(text)).toBe(1);
  });
});

describe('previewText', () => {
  it('keeps short descriptions whole', () => {
    expect(previewText('Steel claw hammer')).toBe('Steel claw hammer');
  });

  it('cuts long descriptions at 50 characters with an ellipsis', () => {
    const long = 'a'.repeat(60);
    expect(previewText(long)).toBe(`${'a'.repeat(50)}…`);
  });
});
