import { RangeSet } from 'dexie';
import { describe, expect, it } from 'vitest';
import { changedProductKeys } from './changed-product-keys.ts';

describe('changedProductKeys', () => {
  const part = 'idb://shop/products/';

  it('lists the keys of a few writes, also from a plain copy (another tab, via BroadcastChannel)', () => {
    const keys = new RangeSet().addKeys(['b', 'a', 'c']);
    expect(changedProductKeys({ [part]: keys }, 'shop')).toEqual({
      kind: 'keys',
      keys: expect.arrayContaining(['a', 'b', 'c']) as unknown as string[],
    });
    const copy = structuredClone({ [part]: keys }) as unknown as Parameters<
      typeof changedProductKeys
    >[0];
    const fromCopy = changedProductKeys(copy, 'shop');
    expect(fromCopy.kind === 'keys' && [...fromCopy.keys].sort()).toEqual(['a', 'b', 'c']);
  });

  it('asks for a rebuild on a range (clear, bulk write) or "all", and ignores other tables and databases', () => {
    expect(changedProductKeys({ [part]: new RangeSet(-Infinity, [[]]) }, 'shop')).toEqual({
      kind: 'all',
    });
    expect(changedProductKeys({ all: new RangeSet(-Infinity, [[]]) }, 'shop')).toEqual({
      kind: 'all',
    });
    expect(
      changedProductKeys({ 'idb://shop/orders/': new RangeSet().addKey('o1') }, 'shop'),
    ).toEqual({ kind: 'none' });
    expect(changedProductKeys({ [part]: new RangeSet().addKey('p1') }, 'other')).toEqual({
      kind: 'none',
    });
  });
});
