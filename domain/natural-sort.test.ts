import { describe, expect, it } from 'vitest';
import { compareNatural, naturalSortKey } from './natural-sort.ts';

describe('natural sort of names', () => {
  it('puts item 2 before item 10 and ignores case', () => {
    const names = ['item 10', 'Item 2', 'item 1', 'ITEM 21', 'item 3b', 'item 3a'];
    expect([...names].sort(compareNatural)).toEqual([
      'item 1',
      'Item 2',
      'item 3a',
      'item 3b',
      'item 10',
      'ITEM 21',
    ]);
  });

  it('compares numbers by value, leading zeros aside', () => {
    expect(compareNatural('Bolt 007', 'Bolt 7')).toBe(0);
    expect(compareNatural('Bolt 08', 'Bolt 7')).toBe(1);
  });

  it('sorts numbers inside names, not only at the end', () => {
    expect(['Cement 50kg bag', 'Cement 5kg bag'].sort(compareNatural)).toEqual([
      'Cement 5kg bag',
      'Cement 50kg bag',
    ]);
  });

  it('keeps very long digit runs after every shorter number', () => {
    expect(compareNatural('Part 1234567890123', 'Part 999999999999')).toBe(1);
  });

  it('gives keys whose plain string order is the natural order', () => {
    expect(naturalSortKey('Item 2') < naturalSortKey('item 10')).toBe(true);
  });
});
