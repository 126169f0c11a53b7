import { Badge } from '@chakra-ui/react';
import type { DepartmentDescriptor } from '../../../../domain/departments.ts';
import { stockStatus, type StockStatus } from '../../../../domain/stock.ts';
import { useT } from '../../../i18n/i18n.tsx';

const palette: Record<StockStatus, string> = { out: 'red', low: 'orange', in: 'green' };
const labelKey = {
  out: 'catalog.stock.out',
  low: 'catalog.stock.low',
  in: 'catalog.stock.in',
} as const satisfies Record<StockStatus, string>;

/** The one stock badge: status from domain `stockStatus()` with the department's thresholds. */
export function StockBadge({
  quantity,
  descriptor,
}: {
  quantity: number;
  descriptor: DepartmentDescriptor;
}) {
  const t = useT();
  const status = stockStatus(quantity, descriptor);
  return (
    <Badge colorPalette={palette[status]} variant="subtle">
      {t(labelKey[status])}
    </Badge>
  );
}
