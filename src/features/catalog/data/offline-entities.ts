import {
  catalogRetryEditsSchema,
  orderCreateEntrySchema,
  orderDeleteEntrySchema,
  orderUpdateEntrySchema,
  productCreateEntrySchema,
  productDeleteEntrySchema,
  productUpdateEntrySchema,
  type ProductFields,
} from '../../../../domain/catalog-outbox.ts';
import { productDepartmentIds } from '../../../../domain/departments.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import type { z } from 'zod';
import { registerMirrorList, registerWrite, type RetryEdits } from '../../../sync/registry.ts';
import { toOrderRecord, toProductRecord } from './catalog-wire.ts';
import {
  createProduct,
  deleteOrder,
  deleteProduct,
  editOrderQuantity,
  placeOrder,
  updateProduct,
} from './commands.ts';

/**
 * The catalog's offline entities, declared once for the sync engine (src/sync/registry.ts): the
 * products and orders of every product department are mirrored, and six writes are queued.
 * commands.ts imports this module for its side effect, so whoever can queue a catalog write has
 * these declared; the functions of commands.ts are only called from retries, at run time, which
 * is why the import cycle between the two modules is harmless.
 */
declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'order.create': z.infer<typeof orderCreateEntrySchema>;
    'order.update': z.infer<typeof orderUpdateEntrySchema>;
    'order.delete': z.infer<typeof orderDeleteEntrySchema>;
    'product.create': z.infer<typeof productCreateEntrySchema>;
    'product.update': z.infer<typeof productUpdateEntrySchema>;
    'product.delete': z.infer<typeof productDeleteEntrySchema>;
  }
}

registerMirrorList({
  table: 'products',
  scope: 'department',
  departments: productDepartmentIds,
  path: (department) => `${department}/products`,
  pageSize: syncPageLimits.defaultLimit,
  scopeIndex: 'department',
  toRecord: (raw, department) => toProductRecord(raw, department),
});

registerMirrorList({
  table: 'orders',
  scope: 'department',
  departments: productDepartmentIds,
  path: (department) => `${department}/orders`,
  pageSize: syncPageLimits.defaultLimit,
  scopeIndex: 'department',
  toRecord: (raw, department) => toOrderRecord(raw, department),
  pendingField: 'pendingOutboxId',
});

/** A retry's edits as product fields; anything else the screen passed is ignored. */
function editsOf(edits: RetryEdits): Partial<ProductFields> {
  const parsed = catalogRetryEditsSchema.safeParse(edits);
  return parsed.success ? parsed.data : {};
}

registerWrite({
  kind: 'order.create',
  input: orderCreateEntrySchema,
  method: 'POST',
  path: (_input, department) => `${department}/orders`,
  reconcile: { table: 'orders' },
  retry: ({ department, input }, edits, context) =>
    placeOrder(
      department ?? '',
      { ...input, quantity: editsOf(edits).quantity ?? input.quantity },
      context,
    ),
});

registerWrite({
  kind: 'order.update',
  input: orderUpdateEntrySchema,
  method: 'PUT',
  path: ({ orderId }, department) => `${department}/orders/${orderId}`,
  reconcile: { table: 'orders', pick: 'order' },
  retry: ({ department, input }, edits, context) =>
    editOrderQuantity(
      department ?? '',
      input.orderId,
      editsOf(edits).quantity ?? input.quantity,
      context,
    ),
});

registerWrite({
  kind: 'order.delete',
  input: orderDeleteEntrySchema,
  method: 'DELETE',
  path: ({ orderId }, department) => `${department}/orders/${orderId}`,
  retry: ({ department, input }, _edits, context) =>
    deleteOrder(department ?? '', input.orderId, context),
});

registerWrite({
  kind: 'product.create',
  input: productCreateEntrySchema,
  method: 'POST',
  path: (_input, department) => `${department}/products`,
  reconcile: { table: 'products' },
  retry: ({ department, input }, edits, context) =>
    createProduct(department ?? '', { ...input, ...editsOf(edits) }, context),
});

registerWrite({
  kind: 'product.update',
  input: productUpdateEntrySchema,
  method: 'PUT',
  path: ({ productId }, department) => `${department}/products/${productId}`,
  reconcile: { table: 'products' },
  retry: ({ department, input }, edits, context) =>
    updateProduct(
      department ?? '',
      input.productId,
      { ...input.changes, ...editsOf(edits) },
      context,
    ),
});

registerWrite({
  kind: 'product.delete',
  input: productDeleteEntrySchema,
  method: 'DELETE',
  path: ({ productId }, department) => `${department}/products/${productId}`,
  retry: ({ department, input }, _edits, context) =>
    deleteProduct(department ?? '', input.productId, context),
});
