import type { DepartmentDescriptor } from '../../../../domain/departments.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { groupByName, hasLocations } from '../../../../domain/product-locations.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT, type TranslateFn } from '../../../i18n/i18n.tsx';

/**
 * What one option of the order screen's product select says. Where the department's products
 * carry a location, one article may be several products (one per location, issue 26 item 1), so
 * the option names the location and its stock: 'Maize bags — Deck A — 12 in stock — Tsh 85,000'.
 * Elsewhere it stays the spec's 'Name — Tsh price'.
 */
export function productOptionText(
  product: ProductRecord,
  descriptor: DepartmentDescriptor,
  t: TranslateFn,
): string {
  if (!hasLocations(descriptor)) return `${product.name} — ${formatTsh(product.price)}`;
  return t('catalog.orderItem.optionLocated', {
    name: product.name,
    location: product.location ?? '—',
    count: product.quantity,
    price: formatTsh(product.price),
  });
}

/**
 * The select's options, in the mirror's natural order. With locations, the products of one name
 * at several locations sit together under an `<optgroup>` labelled with the name, by location.
 */
export function ProductOptions({
  products,
  descriptor,
}: {
  products: readonly ProductRecord[];
  descriptor: DepartmentDescriptor;
}) {
  const t = useT();
  const option = (product: ProductRecord) => (
    <option key={product._id} value={product._id}>
      {productOptionText(product, descriptor, t)}
    </option>
  );
  if (!hasLocations(descriptor)) return products.map(option);
  return groupByName(products).map((group) =>
    group.products.length > 1 ? (
      <optgroup key={group.products[0]?._id ?? group.name} label={group.name}>
        {group.products.map(option)}
      </optgroup>
    ) : (
      group.products.map(option)
    ),
  );
}
