import type { z } from 'zod';
import {
  orderCreateEntrySchema,
  orderDeleteEntrySchema,
  orderUpdateEntrySchema,
} from '../../../../domain/catalog-outbox.ts';
import { registerWrite } from '../../../sync/registry.ts';
import { retryEditsOf } from '../../department/catalog-command.ts';
import { deleteOrder } from '../commands/delete-order.ts';
import { editOrderQuantity } from '../commands/edit-order-quantity.ts';
import { placeOrder } from '../commands/place-order.ts';

/**
 * The order writes, declared once for the sync engine (src/sync/registry.ts); the orders list
 * itself is the department's (department/data/offline-entities.ts). Each command imports this
 * module for its side effect, so whoever can queue an order write has these declared; the
 * commands are only called from retries, at run time, which is why the import cycle between this
 * module and the commands is harmless.
 */
declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'order.create': z.infer<typeof orderCreateEntrySchema>;
    'order.update': z.infer<typeof orderUpdateEntrySchema>;
    'order.delete': z.infer<typeof orderDeleteEntrySchema>;
  }
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
      { ...input, quantity: retryEditsOf(edits).quantity ?? input.quantity },
      context,
    ),
  editableQuantity: (input) => ({ field: 'quantity', value: input.quantity }),
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
      retryEditsOf(edits).quantity ?? input.quantity,
      context,
    ),
  editableQuantity: (input) => ({ field: 'quantity', value: input.quantity }),
});

registerWrite({
  kind: 'order.delete',
  input: orderDeleteEntrySchema,
  method: 'DELETE',
  path: ({ orderId }, department) => `${department}/orders/${orderId}`,
  retry: ({ department, input }, _edits, context) =>
    deleteOrder(department ?? '', input.orderId, context),
});
