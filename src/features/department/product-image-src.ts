import { apiBase } from '../../api/api-base.ts';

export const fallbackImageSrc = '/images/product-fallback.svg';

/**
 * Where a product image is loaded from: the API stores a path relative to the API base
 * ('images/{id}'); a product created offline may carry a blob: or data: URL until it syncs.
 * Apart from ProductImage (Chakra): the department home's plain cards use it (decision 0045).
 */
export function productImageSrc(image: string | null | undefined): string {
  if (!image) return fallbackImageSrc;
  if (/^(blob:|data:|https?:|\/)/.test(image)) return image;
  return `${apiBase}/${image}`;
}
