import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLowStock, lowStockGap, reorderLevelOf } from './low-stock.ts';

const department = { lowStockThreshold: 5 };

describe('low stock', () => {
  it("uses the product's reorder level, else the department's threshold", () => {
    expect(reorderLevelOf({ quantity: 3, reorderLevel: 12 }, department)).toBe(12);
    expect(reorderLevelOf({ quantity: 3, reorderLevel: 0 }, department)).toBe(0);
    expect(reorderLevelOf({ quantity: 3, reorderLevel: null }, department)).toBe(5);
    expect(reorderLevelOf({ quantity: 3 }, department)).toBe(5);
  });

  it('lists a product at or below its level, with how far below', () => {
    expect(lowStockGap({ quantity: 5 }, department)).toBe(0);
    expect(lowStockGap({ quantity: 0 }, department)).toBe(-5);
    expect(lowStockGap({ quantity: 6 }, department)).toBeUndefined();
    expect(lowStockGap({ quantity: 20, reorderLevel: 50 }, department)).toBe(-30);
    // A level of 0 puts only an empty shelf on the list.
    expect(isLowStock({ quantity: 1, reorderLevel: 0 }, department)).toBe(false);
    expect(isLowStock({ quantity: 0, reorderLevel: 0 }, department)).toBe(true);
  });

  it('is low exactly when the quantity is not above the level', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.option(fc.nat({ max: 1_000_000 }), { nil: null }),
        (quantity, reorderLevel) => {
          const level = reorderLevel ?? department.lowStockThreshold;
          expect(isLowStock({ quantity, reorderLevel }, department)).toBe(quantity <= level);
        },
      ),
    );
  });
});
