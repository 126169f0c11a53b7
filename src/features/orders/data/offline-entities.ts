import type { z } from 'zod';
import {
  orderCreateEntrySchema,
  orderDeleteEntrySchema,
  orderUpdateEntrySchema,
} from '../../../../domain/catalog-outbox.ts';
import { declareWrite, type OfflineEntities } from '../../../sync/registry.ts';
import { retryEditsOf } from '../../department/catalog-command.ts';
import { deleteOrder } from '../commands/delete-order.ts';
import { editOrderQuantity } from '../commands/edit-order-quantity.ts';
import { placeOrder } from '../commands/place-order.ts';

/**
 * The order writes, declared once for the sync engine (src/sync/registry.ts); the orders list
 * itself is the department's (department/data/offline-entities.ts). Listed in
 * src/app/offline-entities.ts; a retry re-runs the kind's command.
 */
declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'order.create': z.infer<typeof orderCreateEntrySchema>;
    'order.update': z.infer<typeof orderUpdateEntrySchema>;
    'order.delete': z.infer<typeof orderDeleteEntrySchema>;
  }
}

export const ordersOfflineEntities: OfflineEntities = {
  writes: [
    declareWrite({
      kind: 'order.create',
      input: orderCreateEntrySchema,
      method: 'POST',
      path: (_input, department) => `${department}/orders`,
      reconcile: { table: 'orders' },
      retry: ({ department, input }, edits, context) =>
        placeOrder(
          department ?? '',
          { ...input, quantity: retryEditsOf(edits).quantity ?? input.quantity },
          context,
        ),
      editableQuantity: (input) => ({ field: 'quantity', value: input.quantity }),
    }),
    declareWrite({
      kind: 'order.update',
      input: orderUpdateEntrySchema,
      method: 'PUT',
      path: ({ orderId }, department) => `${department}/orders/${orderId}`,
      reconcile: { table: 'orders', pick: 'order' },
      retry: ({ department, input }, edits, context) =>
        editOrderQuantity(
          department ?? '',
          input.orderId,
          retryEditsOf(edits).quantity ?? input.quantity,
          context,
        ),
      editableQuantity: (input) => ({ field: 'quantity', value: input.quantity }),
    }),
    declareWrite({
      kind: 'order.delete',
      input: orderDeleteEntrySchema,
      method: 'DELETE',
      path: ({ orderId }, department) => `${department}/orders/${orderId}`,
      retry: ({ department, input }, _edits, context) =>
        deleteOrder(department ?? '', input.orderId, context),
    }),
  ],
};
