/**
 * Whole-number quantity from what was typed: anything that is not a whole number of at least 1
 * becomes 1 (spec section 5: "invalid input becomes 1").
 */
export function parseQuantity(text: string): number {
  const value = Number(text.trim());
  return Number.isInteger(value) && value >= 1 ? value : 1;
}
