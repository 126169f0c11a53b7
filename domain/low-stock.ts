import type { DepartmentDescriptor } from './departments.ts';

/**
 * The 'Low stock' rule (issue 15): a product is low when its quantity is at or below its reorder
 * level; a product without one uses its department's low-stock threshold (the descriptor's
 * `lowStockThreshold`, the level the stock badge calls 'Low stock'). One function for the list,
 * its order and the header's count, on the tablet (from the mirror) and anywhere else.
 */
type LowStockRule = Pick<DepartmentDescriptor, 'lowStockThreshold'>;

export interface LowStockFields {
  quantity: number;
  reorderLevel?: number | null | undefined;
}

export function reorderLevelOf(product: LowStockFields, descriptor: LowStockRule): number {
  const level = product.reorderLevel;
  return typeof level === 'number' && Number.isInteger(level) && level >= 0
    ? level
    : descriptor.lowStockThreshold;
}

/**
 * How far the stock is below its reorder level: quantity − level, 0 or less for a product on the
 * list (0: exactly at the level; −7: seven under it), undefined for one that is not low. Sorting
 * by it ascending lists the products furthest below first.
 */
export function lowStockGap(product: LowStockFields, descriptor: LowStockRule): number | undefined {
  const gap = product.quantity - reorderLevelOf(product, descriptor);
  return Number.isFinite(gap) && gap <= 0 ? gap : undefined;
}

export function isLowStock(product: LowStockFields, descriptor: LowStockRule): boolean {
  return lowStockGap(product, descriptor) !== undefined;
}
