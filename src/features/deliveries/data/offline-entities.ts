import { z } from 'zod';
import { deliveryCreateSchema, deliveryDepartmentIds } from '../../../../domain/goods-received.ts';
import { ordersKeptDays } from '../../../../domain/order-retention.ts';
import { supplierSchema } from '../../../../domain/suppliers.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import { declareWrite, type OfflineEntities } from '../../../sync/registry.ts';
import { createdWindow } from '../../../sync/retention-rule.ts';
import { addSupplier, editSupplier } from '../commands/add-supplier.ts';
import { bookDelivery } from '../commands/book-delivery.ts';
import { toDeliveryRecord, toSupplierRecord } from './deliveries-wire.ts';
// A refused delivery or supplier is shown by the sync panel on any screen, in the user's language.
import '../../../i18n/screen-words-deliveries.ts';

/**
 * Goods received as offline entities (issue 25 item 3, decision 0037), declared once for the sync
 * engine: the suppliers and the deliveries of every department that books deliveries, and three
 * writes. A supplier added offline and a delivery naming it are sent in that order (the delivery's
 * entry touches the supplier). Listed in src/app/offline-entities.ts.
 */
const queuedSupplierSchema = supplierSchema.extend({ _id: z.uuid() });
const queuedDeliverySchema = deliveryCreateSchema();

declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'supplier.create': z.output<typeof queuedSupplierSchema>;
    'supplier.update': z.output<typeof queuedSupplierSchema>;
    'delivery.create': z.output<typeof queuedDeliverySchema>;
  }
}

/** Deliveries a tablet keeps per department at most, the newest (each carries up to 100 lines). */
const deliveriesKeptMax = 2_000;

export const deliveriesOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'suppliers',
      scope: 'department',
      departments: deliveryDepartmentIds,
      path: (department) => `${department}/suppliers`,
      pageSize: syncPageLimits.defaultLimit,
      scopeIndex: 'department',
      toRecord: (raw, department) => toSupplierRecord(raw, department),
      pendingField: 'pendingOutboxId',
    },
    {
      table: 'deliveries',
      scope: 'department',
      departments: deliveryDepartmentIds,
      path: (department) => `${department}/deliveries`,
      // A delivery carries its lines (up to 100): smaller pages than the flat lists.
      pageSize: Math.min(100, syncPageLimits.defaultLimit),
      scopeIndex: 'department',
      toRecord: (raw, department) => toDeliveryRecord(raw, department),
      pendingField: 'pendingOutboxId',
      // The orders' window (decision 0035): 90 days unless the device chose otherwise.
      retention: createdWindow(ordersKeptDays.default, deliveriesKeptMax),
    },
  ],
  writes: [
    declareWrite({
      kind: 'supplier.create',
      input: queuedSupplierSchema,
      method: 'POST',
      path: (_input, department) => `${department}/suppliers`,
      reconcile: { table: 'suppliers' },
      retry: ({ department, input }, _edits, context) =>
        addSupplier(department ?? '', { ...input, supplierId: input._id }, context),
    }),
    declareWrite({
      kind: 'supplier.update',
      input: queuedSupplierSchema,
      method: 'PUT',
      path: (input, department) => `${department}/suppliers/${input._id}`,
      reconcile: { table: 'suppliers' },
      retry: ({ department, input }, _edits, context) =>
        editSupplier(department ?? '', input._id, input, context),
    }),
    declareWrite({
      kind: 'delivery.create',
      input: queuedDeliverySchema,
      method: 'POST',
      path: (_input, department) => `${department}/deliveries`,
      // The delivery comes back with its GRN number; the stock and new products come with the
      // products list's pull that follows in the same round.
      reconcile: { table: 'deliveries' },
      // The same delivery and new-product ids (the server wrote nothing of a refused delivery).
      retry: ({ department, input }, _edits, context) =>
        bookDelivery(
          department ?? '',
          {
            deliveryId: input._id,
            supplierId: input.supplierId,
            noteNumber: input.noteNumber,
            receivedOn: input.receivedOn,
            lines: input.lines.map((line) =>
              'productId' in line
                ? { productId: line.productId, quantity: line.quantity }
                : {
                    newProduct: {
                      ...line.newProduct,
                      location: line.newProduct.location ?? '',
                    },
                  },
            ),
          },
          context,
        ),
    }),
  ],
};
