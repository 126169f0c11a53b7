import type { DepartmentDescriptor } from './departments.ts';

/**
 * Stock rules shared by every screen and the server (DESIGN.md section 5): the spec's screens
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

type StockThresholds = Pick<DepartmentDescriptor, 'lowStockThreshold' | 'quantityGreenAbove'>;

/** 0 (or less) is out; 1..lowStockThreshold is low; above the threshold is in stock. */
export function stockStatus(quantity: number, descriptor: StockThresholds): StockStatus {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'out';
  if (quantity <= descriptor.lowStockThreshold) return 'low';
  return 'in';
}

export function stockStatusLabel(quantity: number, descriptor: StockThresholds): string {
  return stockStatusLabels[stockStatus(quantity, descriptor)];
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

/** Godown condition is derived from quantity, never typed in (DESIGN.md section 4). */
export function godownCondition(quantity: number): GodownCondition {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'out of stock';
  if (quantity <= 10) return 'low stock';
  return 'new';
}

/** What a stock badge says: a stock status, or the product's condition. */
export type StockBadge =
  { kind: 'status'; status: StockStatus } | { kind: 'condition'; condition: GodownCondition };

type StockBadgeRules = StockThresholds & Pick<DepartmentDescriptor, 'stockBadge'>;

/**
 * The badge beside a product's stock, by the department's rule: the stock status, or (godown)
 * 'Out of Stock' under the rule's threshold (6) and otherwise the condition, so that a product
 * never shows 'In Stock' beside a 'low stock' condition.
 */
export function stockBadge(quantity: number, descriptor: StockBadgeRules): StockBadge {
  const rule = descriptor.stockBadge;
  if (rule.shows === 'status') return { kind: 'status', status: stockStatus(quantity, descriptor) };
  // `!(a >= b)` so that NaN counts as out of stock, as in stockStatus.
  if (!(quantity >= rule.outOfStockBelow)) return { kind: 'status', status: 'out' };
  return { kind: 'condition', condition: godownCondition(quantity) };
}
