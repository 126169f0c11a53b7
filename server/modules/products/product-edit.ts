import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import {
  editValuesOfProduct,
  mergeProductEdit,
  overlayEdit,
  type ProductEditValues,
} from '../../../domain/product-edit-merge.ts';
import { productMessages, type ProductEditInput } from '../../../domain/products.ts';
import { httpError } from '../../http-errors.ts';
import { toProductJson, type ProductRow } from './repository.ts';

/**
 * The values a product edit writes, decided from the current row (decision 0025). Throws the 409
 * of a refused edit before anything is written, so the caller's transaction stays clean.
 *
 * - Current `baseVersion` (or none): the edit applies as sent (what it leaves out is kept).
 * - Stale `baseVersion` with a `base`: three-way merge per field; a field both sides changed to
 *   different values refuses the whole edit (`editConflict`, with the server's product and the
 *   fields), quantity included, so one rule answers and it never refuses twice.
 * - Stale `baseVersion` without a `base` (an older client): the other fields are last-writer-wins
 *   and a quantity change is refused (`staleQuantity`): orders may have moved the stock since.
 *
 * A quantity equal to the one the editor saw is no stock change: the current stock is kept.
 */
export function resolveProductEdit(
  current: ProductRow,
  input: ProductEditInput,
  descriptor: DepartmentDescriptor,
): ProductEditValues {
  const theirs = editValuesOfProduct({
    ...current,
    price: Number(current.price),
    quantity: Number(current.quantity),
    reorderLevel: current.reorderLevel === null ? null : Number(current.reorderLevel),
  });
  const seenQuantity = input.base?.quantity ?? input.baseQuantity;
  const stockUntouched = seenQuantity !== undefined && input.quantity === seenQuantity;
  const extra = descriptor.extraFields;
  // Undefined: this edit leaves the field as the server has it.
  const mine: Partial<ProductEditValues> = {
    name: input.name,
    description: input.description,
    price: input.price,
    quantity: stockUntouched ? undefined : input.quantity,
    location: extra.includes('location') ? input.location : undefined,
    nutrients: extra.includes('nutrients') ? input.nutrients : undefined,
    barcode: input.barcode,
    reorderLevel: input.reorderLevel,
  };
  const stale = input.baseVersion !== undefined && input.baseVersion !== Number(current.version);
  if (stale && input.base !== undefined) {
    const outcome = mergeProductEdit({ ...input.base, quantity: seenQuantity }, mine, theirs);
    if (!outcome.ok) {
      throw httpError(409, productMessages.editConflict, {
        product: toProductJson(current, descriptor),
        conflicts: outcome.conflicts,
      });
    }
    return outcome.merged;
  }
  if (stale && mine.quantity !== undefined && mine.quantity !== theirs.quantity) {
    throw httpError(409, productMessages.staleQuantity, {
      product: toProductJson(current, descriptor),
    });
  }
  return overlayEdit(mine, theirs);
}
