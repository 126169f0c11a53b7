import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import { naturalSortKey } from '../../domain/natural-sort.ts';

/**
 * Gives every product row written to the mirror its `sortName` (domain/natural-sort.ts), whoever
 * writes it: a pull, a command's optimistic change, a rollback, a transfer's provisional row.
 * Done once here, in Dexie's storage layer, so no write path can forget it and leave a product out
 * of the [department+sortName] index the lists page through (a row without the key is in no page).
 */
function withSortName(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const name = (value as { name?: unknown }).name;
  if (typeof name !== 'string') return value;
  return { ...value, sortName: naturalSortKey(name) };
}

export const productSortMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'product-sort-name',
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
            return table.mutate({ ...request, values: request.values.map(withSortName) });
          },
        };
      },
    };
  },
};
