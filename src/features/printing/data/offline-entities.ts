import { z } from 'zod';
import { printingOrderEditSchema, printingOrderSchema } from '../../../../domain/printing.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import { declareWrite, type OfflineEntities } from '../../../sync/registry.ts';
import { deletePrintJob } from '../commands/delete-print-job.ts';
import { editPrintJob } from '../commands/edit-print-job.ts';
import { submitPrintJob } from '../commands/submit-print-job.ts';
import { printingDepartment, toPrintingOrderRecord } from './printing-wire.ts';

/**
 * Printing orders as an offline entity, declared once for the sync engine (decision 0007): the
 * mirrored list of the printing department and the three writes. Listed in
 * src/app/offline-entities.ts; a retry re-runs the kind's command.
 */
const printingUpdateEntrySchema = printingOrderEditSchema.extend({ orderId: z.string().min(1) });
const printingDeleteEntrySchema = z.object({ orderId: z.string().min(1) });

/** Fields a Retry after editing may change; anything else in the edits is ignored. */
const jobFieldNames = ['description', 'price', 'quantity', 'contact', 'category'] as const;

function retryFieldsOf(edits: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    jobFieldNames.filter((name) => Object.hasOwn(edits, name)).map((name) => [name, edits[name]]),
  );
}

declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'printing.create': z.output<typeof printingOrderSchema>;
    'printing.update': z.output<typeof printingUpdateEntrySchema>;
    'printing.delete': z.output<typeof printingDeleteEntrySchema>;
  }
}

export const printingOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'printingOrders',
      scope: 'department',
      departments: [printingDepartment],
      path: (department) => `${department}/orders`,
      pageSize: syncPageLimits.defaultLimit,
      scopeIndex: 'department',
      toRecord: (raw, department) => toPrintingOrderRecord(raw, department),
      pendingField: 'pendingOutboxId',
    },
  ],
  writes: [
    declareWrite({
      kind: 'printing.create',
      input: printingOrderSchema,
      method: 'POST',
      path: () => `${printingDepartment}/orders`,
      reconcile: { table: 'printingOrders' },
      // The same client id: a job the server refused is taken again as the same job.
      retry: ({ input }, edits, context) =>
        submitPrintJob({ ...input, ...retryFieldsOf(edits) }, context),
    }),
    declareWrite({
      kind: 'printing.update',
      input: printingUpdateEntrySchema,
      method: 'PUT',
      path: ({ orderId }) => `${printingDepartment}/orders/${orderId}`,
      reconcile: { table: 'printingOrders', pick: 'order' },
      retry: ({ input: { orderId, ...fields } }, edits, context) =>
        editPrintJob(orderId, { ...fields, ...retryFieldsOf(edits) }, context),
    }),
    declareWrite({
      kind: 'printing.delete',
      input: printingDeleteEntrySchema,
      method: 'DELETE',
      path: ({ orderId }) => `${printingDepartment}/orders/${orderId}`,
      retry: ({ input }, _edits, context) => deletePrintJob(input.orderId, context),
    }),
  ],
};
