import { describe, expect, it } from 'vitest';
import { productDepartmentIds } from '../../domain/departments.ts';
import { rendersWithoutChakra } from './chakra-gate.tsx';

describe('rendersWithoutChakra', () => {
  it('is true for the marketing pages and the login page, with or without a trailing slash', () => {
    expect(rendersWithoutChakra('/')).toBe(true);
    expect(rendersWithoutChakra('/contact')).toBe(true);
    expect(rendersWithoutChakra('/contact/')).toBe(true);
    expect(rendersWithoutChakra('/login')).toBe(true);
  });

  it("is true for each product department's home, which a tablet opens first", () => {
    for (const dept of productDepartmentIds) {
      expect(rendersWithoutChakra(`/${dept}`), dept).toBe(true);
      expect(rendersWithoutChakra(`/${dept}/`), dept).toBe(true);
    }
  });

  it('is false for every page built with Chakra, so the route guard loads it first', () => {
    for (const path of [
      '/hardware/orders',
      '/godown/products/abc',
      '/printing',
      '/admin',
      '/admin/users',
      '/nowhere',
    ]) {
      expect(rendersWithoutChakra(path), path).toBe(false);
    }
  });
});
