import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import { departments, isDepartmentId } from '../../domain/departments.ts';
import { lowStockGap } from '../../domain/low-stock.ts';
import { naturalSortKey } from '../../domain/natural-sort.ts';

/**
 * Gives every product row written to the mirror its derived keys, whoever writes it: a pull, a
 * command's optimistic change, a rollback, a transfer's provisional row. Done once here, in
 * Dexie's storage layer, so no write path can forget them:
 * - `sortName` (domain/natural-sort.ts): a row without it is in no page of the lists, which page
 *   through [department+sortName];
 * - `lowStockGap` (domain/low-stock.ts): set while the product is at or below its reorder level
 *   and removed otherwise, so [department+lowStockGap] holds exactly the low-stock products (the
 *   'Low stock' page and the header's count read that index, never the whole department).
 */
export function withDerivedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const row = { ...(value as Record<string, unknown>) };
  if (typeof row.name === 'string') row.sortName = naturalSortKey(row.name);
  const { department, quantity, reorderLevel } = row;
  const gap =
    isDepartmentId(department) && typeof quantity === 'number'
      ? lowStockGap(
          { quantity, reorderLevel: typeof reorderLevel === 'number' ? reorderLevel : null },
          departments[department],
        )
      : undefined;
  if (gap === undefined) delete row.lowStockGap;
  else row.lowStockGap = gap;
  return row;
}

export const productSortMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'product-derived-keys',
  create(down) {
    return {
      ...down,
      table(tableName) {
        const table = down.table(tableName);
        if (tableName !== 'products') return table;
        return {
          ...table,
          mutate(request: DBCoreMutateRequest) {
            if (request.type !== 'add' && request.type !== 'put') return table.mutate(request);
            return table.mutate({ ...request, values: request.values.map(withDerivedKeys) });
          },
        };
      },
    };
  },
};
