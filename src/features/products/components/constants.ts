/** Business constants of the product screens (spec section 9). */
export const searchDebounceMs = 300;
const descriptionPreviewLength = 50;

/** The first `length` characters of `text`, with an ellipsis when something was cut. */
export function previewText(text: string, length = descriptionPreviewLength): string {
  const chars = Array.from(text.trim());
  return chars.length > length ? `${chars.slice(0, length).join('').trimEnd()}…` : chars.join('');
}
