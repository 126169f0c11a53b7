import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { formatTsh } from '../../../../domain/money.ts';
import { hasLocations } from '../../../../domain/product-locations.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { extraFieldLabels, extraFieldText } from '../../department/extra-field-text.ts';
import { badgeIsConditionField, stockBadgeLook } from '../../department/stock-badge-look.ts';
import '../../../components/plain-controls.css';
import './product-row.css';
import { sameShownFields, type ProductItemProps } from './same-product-item.ts';

// Memo comparison: what the row shows (and the department's extra fields); the barcode too, which
// decides whether two same-name products are one article ('N locations').
const sameRow = sameShownFields(['_id', 'name', 'price', 'quantity', 'barcode']);

/**
 * One product of a department home that lists rows instead of cards (descriptor `homeLayout`
 * 'list', godown): name, price, quantity, the department's extra fields, the stock badge (as the
 * condition where the department's badge shows it), 'N locations' beside the name of an article
 * kept at several locations (the list's natural order puts same-name rows together; the page
 * counts them for all its rows at once, usePageLocationCounts) and a 'Place Order' link that opens the order
 * screen with this product chosen. Plain elements for the same reason as the card (decision
 * 0008: re-rendered on every search), memoised on what it shows.
 */
export const ProductRow = memo(function ProductRow({
  dept,
  descriptor,
  product,
  locationCount = 1,
}: ProductItemProps) {
  const t = useT();
  const stock = stockBadgeLook(product, descriptor);
  const badge = (
    <span className={`plain-badge plain-badge--${stock.palette}`}>{t(stock.labelKey)}</span>
  );
  const badgeIsCondition = badgeIsConditionField(descriptor, descriptor.extraFields);
  const placeOrder = t('catalog.order.place');
  const located = hasLocations(descriptor);
  return (
    <div className="product-row">
      <div className="product-row__head">
        <h2 className="product-row__name">
          <Link to="/$dept/products/$id" params={{ dept, id: product._id }}>
            {product.name}
          </Link>
        </h2>
        {located && locationCount > 1 ? (
          <span className="product-row__locations">
            {t('catalog.product.locationCount', { count: locationCount })}
          </span>
        ) : null}
        {badgeIsCondition ? null : badge}
      </div>
      <dl className="product-row__fields">
        <div className="product-row__field">
          <dt>{t('catalog.field.price')}</dt>
          <dd>{formatTsh(product.price)}</dd>
        </div>
        <div className="product-row__field">
          <dt>{t('catalog.field.quantity')}</dt>
          <dd>{product.quantity}</dd>
        </div>
        {descriptor.extraFields.map((field) => (
          <div key={field} className="product-row__field">
            <dt>{t(extraFieldLabels[field])}</dt>
            <dd>
              {badgeIsCondition && field === 'condition'
                ? badge
                : extraFieldText(field, product, descriptor, t)}
            </dd>
          </div>
        ))}
      </dl>
      <Link
        className="plain-button product-row__order"
        to="/$dept/order-item"
        params={{ dept }}
        search={{ product: product._id }}
        aria-label={`${placeOrder}: ${product.name}`}
      >
        {placeOrder}
      </Link>
    </div>
  );
}, sameRow);
