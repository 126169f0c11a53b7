import { describe, expect, it } from 'vitest';
import { departments } from './departments.ts';
import { filterBySearch, matchesSearch } from './search.ts';

const hammer = { name: 'Claw Hammer', description: 'Steel head, rubber GRIP' };
const nails = { name: 'Nails 3 inch', description: 'Box of 500' };

describe('matchesSearch', () => {
  it('matches the name case-insensitively', () => {
    expect(matchesSearch(hammer, 'hammer', ['name'])).toBe(true);
    expect(matchesSearch(hammer, 'CLAW', ['name'])).toBe(true);
  });

  it('matches the description only when the department searches descriptions', () => {
    expect(matchesSearch(hammer, 'grip', departments.hardware.searchFields)).toBe(true);
    expect(matchesSearch(hammer, 'grip', departments['fresh-oil'].searchFields)).toBe(false);
    // Godown finds what is on a shelf by the shelf's name too.
    const sacks = { name: 'Maize bags', location: 'Deck A' };
    expect(matchesSearch(sacks, 'deck a', departments.godown.searchFields)).toBe(true);
    expect(matchesSearch(sacks, 'deck a', departments.hardware.searchFields)).toBe(false);
  });

  it('treats a blank query as matching everything and ignores surrounding spaces', () => {
    expect(matchesSearch(nails, '   ', ['name'])).toBe(true);
    expect(matchesSearch(nails, '  nails ', ['name'])).toBe(true);
  });

  it('copes with missing fields', () => {
    expect(matchesSearch({ name: 'Paint' }, 'white', ['name', 'description'])).toBe(false);
  });
});

describe('filterBySearch', () => {
  it('keeps only the matching items in their order', () => {
    expect(filterBySearch([hammer, nails], 'box', ['name', 'description'])).toEqual([nails]);
    expect(filterBySearch([hammer, nails], 'x', ['name'])).toEqual([]);
  });
});
