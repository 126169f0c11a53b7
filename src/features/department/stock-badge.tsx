import { Badge } from '@chakra-ui/react';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import type { LowStockFields } from '../../../domain/low-stock.ts';
import { useT } from '../../i18n/i18n.tsx';
import { stockBadgeLook } from './stock-badge-look.ts';

/** The one stock badge (Chakra). */
export function StockBadge({
  product,
  descriptor,
}: {
  /** The stock shown (its quantity, as on the screen) and the product's own reorder level. */
  product: LowStockFields;
  descriptor: DepartmentDescriptor;
}) {
  const t = useT();
  const look = stockBadgeLook(product, descriptor);
  return (
    <Badge colorPalette={look.palette} variant="subtle">
      {t(look.labelKey)}
    </Badge>
  );
}
