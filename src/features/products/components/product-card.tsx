import { Link } from '@tanstack/react-router';
import { memo, useState } from 'react';
import { formatTsh } from '../../../../domain/money.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { previewText } from './constants.ts';
import { fallbackImageSrc, productImageSrc } from '../../department/product-image-src.ts';
import { extraFieldLabels, extraFieldText } from '../../department/extra-field-text.ts';
import { stockBadgeLook } from '../../department/stock-badge-look.ts';
import '../../../components/plain-controls.css';
import './product-card.css';
import { sameShownFields, type ProductItemProps } from './same-product-item.ts';

// Memo comparison: what the card shows (and the department's extra fields).
const sameCard = sameShownFields(['_id', 'name', 'description', 'price', 'quantity', 'image']);

/**
 * One product of the department home grid. Plain elements styled by product-card.css with
 * Chakra's tokens (it looks like Chakra's outline Card, subtle Badge and solid blue Button): the
 * grid is re-rendered on every search, and Chakra's run-time styling of a dozen components per
 * card cost a tablet (4× CPU slowdown) 40–120 ms per page of results; plain elements cost a few.
 * Memoised on what it shows, so a card whose product did not change is not re-rendered.
 */
export const ProductCard = memo(function ProductCard({
  dept,
  descriptor,
  product,
}: ProductItemProps) {
  const t = useT();
  const stock = stockBadgeLook(product, descriptor);
  return (
    <div className="product-card">
      {descriptor.hasImage ? (
        <CardImage
          image={product.image}
          alt={t('catalog.product.imageAlt', { name: product.name })}
        />
      ) : null}
      <div className="product-card__body">
        <h2 className="product-card__title">{product.name}</h2>
        <p className="product-card__description">{previewText(product.description)}</p>
        <div className="product-card__price-row">
          <p className="product-card__price">{formatTsh(product.price)}</p>
          <span className={`plain-badge plain-badge--${stock.palette}`}>{t(stock.labelKey)}</span>
        </div>
        <p className="product-card__stock">
          {t('catalog.product.inStockCount', { count: product.quantity })}
        </p>
        {/* The department's extra fields (animal-feeding's nutrients), previewed like the description. */}
        {descriptor.extraFields.map((field) => (
          <p key={field} className="product-card__extra">
            <span className="product-card__extra-label">{t(extraFieldLabels[field])}:</span>{' '}
            {previewText(extraFieldText(field, product, descriptor, t))}
          </p>
        ))}
      </div>
      <div className="product-card__footer">
        <Link
          className="plain-button product-card__details"
          to="/$dept/products/$id"
          params={{ dept, id: product._id }}
          aria-label={`${t('catalog.product.viewDetails')}: ${product.name}`}
        >
          {t('catalog.product.viewDetails')}
        </Link>
      </div>
    </div>
  );
}, sameCard);

/** The product photo, or the drawn placeholder when it is missing or fails to load. */
function CardImage({ image, alt }: { image: string | null | undefined; alt: string }) {
  const src = productImageSrc(image);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? fallbackImageSrc : src;
  return (
    <img
      className="product-card__image"
      src={shown}
      alt={alt}
      loading="lazy"
      onError={() => {
        if (shown !== fallbackImageSrc) setFailedSrc(src);
      }}
    />
  );
}
