/** Business constants of the department screens (spec section 9). */
export const searchDebounceMs = 300;
export const descriptionPreviewLength = 50;
/** Success dialogs and toasts close after 3 s. */
export const autoCloseMs = 3000;

/** The first `length` characters of `text`, with an ellipsis when something was cut. */
export function previewText(text: string, length = descriptionPreviewLength): string {
  const chars = Array.from(text.trim());
  return chars.length > length ? `${chars.slice(0, length).join('').trimEnd()}…` : chars.join('');
}

/** Rows per page on the manage table (the spec pages godown's at 10; the others follow). */
export const managePageSize = 10;

/**
 * Whole-number quantity from what was typed: anything that is not a whole number of at least 1
 * becomes 1 (spec section 5: "invalid input becomes 1").
 */
export function parseQuantity(text: string): number {
  const value = Number(text.trim());
  return Number.isInteger(value) && value >= 1 ? value : 1;
}
