import { Badge } from '@chakra-ui/react';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import { stockStatus, type StockStatus } from '../../../domain/stock.ts';
import { useT } from '../../i18n/i18n.tsx';

const palette = { out: 'red', low: 'orange', in: 'green' } as const satisfies Record<
  StockStatus,
  string
>;
const labelKey = {
  out: 'catalog.stock.out',
  low: 'catalog.stock.low',
  in: 'catalog.stock.in',
} as const satisfies Record<StockStatus, string>;

/**
 * Colour palette and label of the stock badge: status from domain `stockStatus()` with the
 * department's thresholds. Shared by `StockBadge` and the plain badge of the home grid's cards.
 */
export function stockBadgeLook(quantity: number, descriptor: DepartmentDescriptor) {
  const status = stockStatus(quantity, descriptor);
  return { palette: palette[status], labelKey: labelKey[status] };
}

/** The one stock badge (Chakra). */
export function StockBadge({
  quantity,
  descriptor,
}: {
  quantity: number;
  descriptor: DepartmentDescriptor;
}) {
  const t = useT();
  const look = stockBadgeLook(quantity, descriptor);
  return (
    <Badge colorPalette={look.palette} variant="subtle">
      {t(look.labelKey)}
    </Badge>
  );
}
