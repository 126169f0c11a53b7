import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import type { LowStockFields } from '../../../domain/low-stock.ts';
import {
  godownCondition,
  stockBadge,
  type GodownCondition,
  type StockStatus,
} from '../../../domain/stock.ts';
import type { MessageKey } from '../../i18n/dictionaries.ts';

export interface BadgeLook {
  palette: 'red' | 'orange' | 'green';
  labelKey: MessageKey;
}

const statusLook = {
  out: { palette: 'red', labelKey: 'catalog.stock.out' },
  low: { palette: 'orange', labelKey: 'catalog.stock.low' },
  in: { palette: 'green', labelKey: 'catalog.stock.in' },
} as const satisfies Record<StockStatus, BadgeLook>;

const conditionLooks = {
  new: { palette: 'green', labelKey: 'catalog.condition.new' },
  'low stock': { palette: 'orange', labelKey: 'catalog.condition.low' },
  'out of stock': { palette: 'red', labelKey: 'catalog.condition.out' },
} as const satisfies Record<GodownCondition, BadgeLook>;

/**
 * What a Condition field shows (godown): where the department's badge shows the condition, the
 * badge itself ('Out of Stock' under its threshold, spec section 4), so the two never disagree;
 * otherwise the condition. Derived from the quantity the screen shows, as the server derives it
 * (docs/server-behaviour.md, 'Godown condition'), so a product ordered offline shows its new condition at once; the label
 * is a message key, so Kiswahili never shows the English value.
 */
export function conditionLook(
  product: LowStockFields,
  descriptor: DepartmentDescriptor,
): BadgeLook {
  if (descriptor.stockBadge.shows === 'condition') return stockBadgeLook(product, descriptor);
  return conditionLooks[godownCondition(product, descriptor)];
}

/**
 * Colour palette and label of the stock badge, by the department's rule (domain `stockBadge()`).
 * Shared by `StockBadge` and the plain badges of the home's cards and rows, which render without
 * Chakra (decision 0045): this file holds no Chakra.
 */
export function stockBadgeLook(
  product: LowStockFields,
  descriptor: DepartmentDescriptor,
): BadgeLook {
  const badge = stockBadge(product, descriptor);
  return badge.kind === 'status' ? statusLook[badge.status] : conditionLooks[badge.condition];
}

/**
 * Whether the stock badge stands as the value of the Condition field among `fields` rather than
 * beside the name or quantity: where the badge shows the condition (godown), a row shows one
 * word for it, 'Out of Stock' under the threshold and the condition otherwise (spec section 4),
 * never a badge beside a condition that says something else.
 */
export function badgeIsConditionField(
  descriptor: DepartmentDescriptor,
  fields: readonly string[],
): boolean {
  return descriptor.stockBadge.shows === 'condition' && fields.includes('condition');
}
