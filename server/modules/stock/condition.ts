import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import { godownCondition, type GodownCondition } from '../../../domain/stock.ts';

/** The stock columns of a products row as a driver returns them (PostgreSQL may give strings). */
export interface StoredStock {
  quantity: number | string | bigint;
  reorderLevel?: number | string | bigint | null;
}

/**
 * The godown condition to store with a row's stock: from its quantity and its own reorder level
 * (domain/stock.ts godownCondition), so the stored condition, the badge and the Low stock page
 * agree. The stock module (service.ts) stores it with every quantity it writes; an INSERT of a new
 * product computes it with this function too.
 */
export function storedCondition(
  row: StoredStock,
  descriptor: Pick<DepartmentDescriptor, 'lowStockThreshold'>,
): GodownCondition {
  const level = row.reorderLevel;
  return godownCondition(
    {
      quantity: Number(row.quantity),
      reorderLevel: level === null || level === undefined ? null : Number(level),
    },
    descriptor,
  );
}
