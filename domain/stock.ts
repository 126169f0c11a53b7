import type { DepartmentDescriptor } from './departments.ts';
import { isLowStock, type LowStockFields } from './low-stock.ts';

/**
 * Stock rules shared by every screen and the server (docs/architecture.md section 3): the spec's screens
 * disagree ('In Stock' above 2, a badge colour above 0, godown 'Out of Stock' under 6, red under
 * 10 in animal-feeding manage), so there is exactly one status function and one colour function,
 * with the per-department thresholds carried by the department descriptor.
 */
export type StockStatus = 'out' | 'low' | 'in';

export const stockStatusLabels: Record<StockStatus, string> = {
  out: 'Out of Stock',
  low: 'Low stock',
  in: 'In Stock',
};

type StockThresholds = Pick<DepartmentDescriptor, 'lowStockThreshold'>;

/**
 * Out at 0 (or less); low at or below the product's reorder level (its department's
 * `lowStockThreshold` when it has none: domain/low-stock.ts), the same rule as the 'Low stock'
 * page and count, so a badge never says 'Low stock' for a product the page does not list; else
 * in stock.
 */
export function stockStatus(product: LowStockFields, descriptor: StockThresholds): StockStatus {
  const { quantity } = product;
  if (!Number.isFinite(quantity) || quantity <= 0) return 'out';
  return isLowStock(product, descriptor) ? 'low' : 'in';
}

export function stockStatusLabel(product: LowStockFields, descriptor: StockThresholds): string {
  return stockStatusLabels[stockStatus(product, descriptor)];
}

export type QuantityColor = 'green' | 'orange' | 'red';

type QuantityColorRule = Pick<DepartmentDescriptor, 'quantityRedBelow' | 'quantityGreenAbove'>;

/**
 * The colour of a quantity figure: green above the department's green threshold (20), red under
 * its red threshold (animal-feeding manage: under 10) or when out, orange (warning) in between.
 * Its own thresholds, not the stock badge's: the spec sets them apart.
 */
export function quantityColor(quantity: number, descriptor: QuantityColorRule): QuantityColor {
  // `!(a >= b)` so that NaN counts as red.
  if (quantity <= 0 || !(quantity >= descriptor.quantityRedBelow)) return 'red';
  if (quantity > descriptor.quantityGreenAbove) return 'green';
  return 'orange';
}

export const godownConditions = ['new', 'low stock', 'out of stock'] as const;
export type GodownCondition = (typeof godownConditions)[number];

/**
 * Godown condition is derived, never typed in (docs/server-behaviour.md, 'Godown condition'): 'low stock' exactly when the
 * product is at or below its reorder level (issue 26: one meaning of low stock for the badge, the
 * Low stock page, its count and the stored condition), 'out of stock' at 0, else 'new'.
 */
export function godownCondition(
  product: LowStockFields,
  descriptor: StockThresholds,
): GodownCondition {
  const status = stockStatus(product, descriptor);
  return status === 'out' ? 'out of stock' : status === 'low' ? 'low stock' : 'new';
}

/** What a stock badge says: a stock status, or the product's condition. */
export type StockBadge =
  { kind: 'status'; status: StockStatus } | { kind: 'condition'; condition: GodownCondition };

type StockBadgeRules = StockThresholds & Pick<DepartmentDescriptor, 'stockBadge'>;

/**
 * The badge beside a product's stock, by the department's rule: the stock status, or (godown)
 * the condition, except that a low product under the rule's threshold (6) says 'Out of Stock'
 * (spec section 4). Only a low one: a product above its own reorder level is never called out
 * of stock, since the Low stock page does not list it.
 */
export function stockBadge(product: LowStockFields, descriptor: StockBadgeRules): StockBadge {
  const rule = descriptor.stockBadge;
  if (rule.shows === 'status') return { kind: 'status', status: stockStatus(product, descriptor) };
  const condition = godownCondition(product, descriptor);
  // `!(a >= b)` so that NaN counts as out of stock, as in stockStatus.
  if (condition !== 'new' && !(product.quantity >= rule.outOfStockBelow)) {
    return { kind: 'status', status: 'out' };
  }
  return { kind: 'condition', condition };
}
