import { describe, expect, it } from 'vitest';
import { rendersWithoutChakra } from './chakra-gate.tsx';

describe('rendersWithoutChakra', () => {
  it('is true for the marketing pages, with or without a trailing slash', () => {
    expect(rendersWithoutChakra('/')).toBe(true);
    expect(rendersWithoutChakra('/contact')).toBe(true);
    expect(rendersWithoutChakra('/contact/')).toBe(true);
  });

  it('is false for every page built with Chakra, so the route guard loads it first', () => {
    for (const path of ['/login', '/hardware', '/hardware/orders', '/admin/users', '/nowhere']) {
      expect(rendersWithoutChakra(path), path).toBe(false);
    }
  });
});
