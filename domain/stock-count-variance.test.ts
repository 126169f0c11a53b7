import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustedStock, lineVariance, type StockChange } from './stock-count-variance.ts';

/** A shelf: a starting stock and the orders and transfers applied during the count, never below 0. */
const shelf = fc
  .record({
    stockAtStart: fc.integer({ min: 0, max: 10_000 }),
    moves: fc.array(
      fc.record({
        kind: fc.constantFrom<StockChange['kind']>(
          'order',
          'order-edit',
          'order-delete',
          'transfer-in',
          'transfer-out',
        ),
        size: fc.integer({ min: 1, max: 500 }),
      }),
      { maxLength: 40 },
    ),
  })
  .map(({ stockAtStart, moves }) => {
    // Replay the moves as the server would: stock never goes negative, so a sale larger than the
    // shelf is refused (left out).
    let stock = stockAtStart;
    const changesSince: StockChange[] = [];
    for (const move of moves) {
      // An order edit may take more or give some back; the others have one direction.
      const delta =
        move.kind === 'order-edit'
          ? (move.size % 2 === 0 ? 1 : -1) * move.size
          : move.kind === 'order' || move.kind === 'transfer-out'
            ? -move.size
            : move.size;
      if (stock + delta < 0) continue;
      stock += delta;
      changesSince.push({ kind: move.kind, delta });
    }
    return { stockAtStart, changesSince, onShelf: stock };
  });

describe('stock count variance', () => {
  it('is zero when what is on the shelf is counted, whatever was sold or moved during the count', () => {
    fc.assert(
      fc.property(shelf, ({ stockAtStart, changesSince, onShelf }) => {
        const result = lineVariance({ stockAtStart, changesSince, counted: onShelf });
        expect(result).toEqual({ expected: onShelf, variance: 0 });
      }),
    );
  });

  it('is the counted surplus or loss against the shelf, and applying it gives the count', () => {
    fc.assert(
      fc.property(
        shelf,
        fc.integer({ min: -200, max: 200 }),
        ({ stockAtStart, changesSince, onShelf }, off) => {
          const counted = Math.max(0, onShelf + off);
          const { variance } = lineVariance({ stockAtStart, changesSince, counted });
          expect(variance).toBe(counted - onShelf);
          expect(adjustedStock(onShelf, variance ?? 0)).toBe(counted);
        },
      ),
    );
  });

  it('has no variance for a line not yet counted, and never adjusts below zero', () => {
    expect(lineVariance({ stockAtStart: 5, changesSince: [], counted: null })).toEqual({
      expected: 5,
      variance: null,
    });
    // Sold again between the submission and the admin's apply: the adjustment stops at 0.
    expect(adjustedStock(1, -3)).toBe(0);
  });
});
