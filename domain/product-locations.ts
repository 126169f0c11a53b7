import type { DepartmentDescriptor } from './departments.ts';
import { compareNatural } from './natural-sort.ts';
import { normalizeQuery } from './search.ts';

/**
 * Locations are compared trimmed and case-insensitively everywhere ('Deck A' is 'deck a'). Here,
 * not in transfers.ts, so the department home (which lists a product's other locations) does not
 * import the transfer schemas, and zod with them, before its list shows (issue 26 item 10).
 */
export function sameLocation(a: string | null | undefined, b: string | null | undefined): boolean {
  return normalizeQuery(a ?? '') === normalizeQuery(b ?? '');
}

/**
 * One article kept at several locations (issue 26 item 1). A transfer to a location that does not
 * hold the product creates a product of the same name there (server/modules/transfers), so in a
 * department whose products carry a location, "Maize bags" may be several products: one per
 * shelf or store. These rules let every screen name and group them the same way.
 */

/** The fields the rules read; a ProductRecord or ProductJson fits. */
export interface LocatedProduct {
  _id: string;
  name: string;
  location?: string | null | undefined;
  barcode?: string | null | undefined;
}

/** Whether the department's products carry a location (descriptor data, never a department id). */
export function hasLocations(descriptor: Pick<DepartmentDescriptor, 'extraFields'>): boolean {
  return descriptor.extraFields.includes('location');
}

/** The name as the rules compare it: trimmed, case-insensitive ('Maize bags ' is 'maize bags'). */
export function productNameKey(name: string): string {
  return normalizeQuery(name.normalize('NFKC'));
}

function barcodeOf(product: LocatedProduct): string {
  return (product.barcode ?? '').trim();
}

/**
 * Whether two products are the same article: the same name (trimmed, any case) and, where both
 * carry a barcode, the same barcode. A barcode is unique among a department's live products and a
 * transfer leaves the new product without one, so two barcoded products are two articles.
 */
export function isSameArticle(a: LocatedProduct, b: LocatedProduct): boolean {
  if (productNameKey(a.name) !== productNameKey(b.name)) return false;
  const left = barcodeOf(a);
  const right = barcodeOf(b);
  return left === '' || right === '' || left === right;
}

/**
 * The same article at other locations than `product`'s ('Also at: Deck A (12), Store 2 (5)'):
 * the other products of `candidates` that are the same article and lie elsewhere, by location in
 * natural order. A second product at the same location is not "elsewhere".
 */
export function sameArticleElsewhere<T extends LocatedProduct>(
  product: LocatedProduct,
  candidates: readonly T[],
): T[] {
  return candidates
    .filter(
      (candidate) =>
        candidate._id !== product._id &&
        isSameArticle(product, candidate) &&
        !sameLocation(candidate.location, product.location),
    )
    .sort((a, b) => compareNatural(a.location ?? '', b.location ?? ''));
}

/** Products of one name, in the order a list shows them (first seen first). */
export interface NameGroup<T> {
  /** The name as the first product of the group spells it. */
  name: string;
  products: T[];
}

/**
 * Groups a list by name (trimmed, any case), keeping the list's order of first appearance (the
 * mirror hands products out in natural order of names); inside a group, by location in natural
 * order. The order screen shows a group of several as one `<optgroup>`.
 */
export function groupByName<T extends LocatedProduct>(products: readonly T[]): NameGroup<T>[] {
  const groups = new Map<string, NameGroup<T>>();
  for (const product of products) {
    const key = productNameKey(product.name);
    const group = groups.get(key);
    if (group) group.products.push(product);
    else groups.set(key, { name: product.name, products: [product] });
  }
  for (const group of groups.values()) {
    group.products.sort((a, b) => compareNatural(a.location ?? '', b.location ?? ''));
  }
  return [...groups.values()];
}

/**
 * How many locations hold the article ('2 locations' on the list): `product`'s own and the
 * distinct other ones (two products of one article at one location are one location).
 */
export function articleLocationCount(
  product: LocatedProduct,
  candidates: readonly LocatedProduct[],
): number {
  const others = sameArticleElsewhere(product, candidates).map((other) =>
    normalizeQuery(other.location ?? ''),
  );
  return 1 + new Set(others).size;
}
