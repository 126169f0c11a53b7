/**
 * The variance of a stock count (issue 15 item 2), the rule the server will apply when a count is
 * submitted. A count takes time: between its start and the moment a line is counted, orders and
 * transfers keep moving stock. The count compares what was counted with the stock at the start
 * plus every change the server applied since (orders, their edits and deletions, transfers in and
 * out), so a sale made during the count is not read as a loss.
 *
 * Invariant (domain/stock-count-variance.test.ts, a property test): counting exactly what is on
 * the shelf gives zero variance, whatever was sold or moved during the count.
 */

/** A change of a product's stock the server applied after the count started. */
export interface StockChange {
  /**
   * What made it. The server records every change of a counted product's quantity as 'change'
   * (a database trigger cannot tell an order from a transfer, and an admin's edit or a bulk upload
   * during the count is stock the shelf should hold too); the other kinds name them in tests.
   */
  kind: 'order' | 'order-edit' | 'order-delete' | 'transfer-in' | 'transfer-out' | 'change';
  /** Signed: an order of 3 is −3, a transfer in of 5 is +5, a deleted order of 2 gives back +2. */
  delta: number;
}

export interface CountLine {
  /** The product's stock when the count started (the count's snapshot). */
  stockAtStart: number;
  /** The changes applied since, in any order. */
  changesSince: readonly StockChange[];
  /** What the counter found; null while the line has not been counted. */
  counted: number | null;
}

export interface LineVariance {
  /** What the shelf should hold now: the snapshot plus the changes since. */
  expected: number;
  /** counted − expected: negative is a loss, positive a surplus; null when not counted. */
  variance: number | null;
}

export function lineVariance(line: CountLine): LineVariance {
  const expected = line.changesSince.reduce(
    (stock, change) => stock + change.delta,
    line.stockAtStart,
  );
  return { expected, variance: line.counted === null ? null : line.counted - expected };
}

/**
 * The adjustment that makes the stock what was counted: added to the product's stock at the time
 * the admin applies it (stock may have moved again since the submission), never below 0.
 */
export function adjustedStock(stockNow: number, variance: number): number {
  return Math.max(0, stockNow + variance);
}
