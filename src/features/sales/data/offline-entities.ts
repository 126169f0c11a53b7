import type { z } from 'zod';
import { saleCreateSchema, saleDepartmentIds } from '../../../../domain/sales.ts';
import { ordersKeptDays } from '../../../../domain/order-retention.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import { declareWrite, type OfflineEntities } from '../../../sync/registry.ts';
import { createdWindow } from '../../../sync/retention-rule.ts';
import { retryEditsOf } from '../../department/catalog-command.ts';
import { placeSale } from '../commands/place-sale.ts';
import { toSaleRecord } from './sales-wire.ts';

/**
 * Sales of several items as an offline entity (decision 0036), declared once for the sync
 * engine: the sales of every department that sells through a basket (their lines are also in the
 * orders list), and one write, 'sale.create', that carries a whole sale. Listed in
 * src/app/offline-entities.ts.
 */
declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'sale.create': z.output<typeof saleCreateSchema>;
  }
}

/** Sales a tablet keeps per department at most, the newest (each carries up to 50 lines). */
const salesKeptMax = 5_000;

export const salesOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'sales',
      scope: 'department',
      departments: saleDepartmentIds,
      path: (department) => `${department}/sales`,
      // A sale carries its lines (up to 50): smaller pages than the flat lists.
      pageSize: Math.min(100, syncPageLimits.defaultLimit),
      scopeIndex: 'department',
      toRecord: (raw, department) => toSaleRecord(raw, department),
      pendingField: 'pendingOutboxId',
      // The same window as the orders that are its lines (decision 0035): a tablet keeps 90
      // days of sales unless it chose otherwise, and never more than this many.
      retention: createdWindow(ordersKeptDays.default, salesKeptMax),
    },
  ],
  writes: [
    declareWrite({
      kind: 'sale.create',
      input: saleCreateSchema,
      method: 'POST',
      path: (_input, department) => `${department}/sales`,
      // The sale's record comes back with the final numbers; its order lines come with the
      // orders list's pull that follows in the same round.
      reconcile: { table: 'sales' },
      // The same sale and line ids (the server wrote nothing of a refused sale), with the
      // quantity the clerk changed on the refused line.
      retry: ({ department, input, refusal }, edits, context) => {
        const refused = refusal?.line?.index;
        const quantity = retryEditsOf(edits).quantity;
        return placeSale(
          department ?? '',
          {
            saleId: input._id,
            lines: input.lines.map((line, index) => ({
              productId: line.productId,
              orderId: line._id,
              quantity: index === refused && quantity !== undefined ? quantity : line.quantity,
            })),
          },
          context,
        );
      },
      editableQuantity: (input, refusal) => {
        const line = refusal.line ? input.lines[refusal.line.index] : undefined;
        return line ? { field: 'quantity', value: line.quantity } : undefined;
      },
    }),
  ],
};
