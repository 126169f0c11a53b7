import type { z } from 'zod';
import {
  queuedSubmitSchema,
  startStockCountSchema,
  stockCountDepartmentIds,
} from '../../../../domain/stock-counts.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import { declareWrite, type OfflineEntities } from '../../../sync/registry.ts';
import { startStockCount } from '../commands/start-stock-count.ts';
import { submitStockCount } from '../commands/submit-stock-count.ts';
import { toStockCountRecord } from './stock-counts-wire.ts';

/**
 * Stock counts as an offline entity (decision 0020), declared once for the sync engine: the counts
 * of the departments with a counts screen (their employees and admins read them), and two writes,
 * 'stockCounts.start' and 'stockCounts.submit'. Applying and cancelling are admin actions made
 * online (admin-stock-counts-api.ts). Listed in src/app/offline-entities.ts; a retry re-runs the
 * kind's command.
 */
declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'stockCounts.start': z.output<typeof startStockCountSchema>;
    'stockCounts.submit': z.output<typeof queuedSubmitSchema>;
  }
}

export const stockCountsOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'stockCounts',
      scope: 'department',
      departments: stockCountDepartmentIds,
      path: (department) => `${department}/stock-counts`,
      // A count carries its lines (up to thousands): smaller pages than the flat lists.
      pageSize: Math.min(50, syncPageLimits.defaultLimit),
      scopeIndex: 'department',
      toRecord: (raw, department) => toStockCountRecord(raw, department),
      pendingField: 'pendingOutboxId',
    },
  ],
  writes: [
    declareWrite({
      kind: 'stockCounts.start',
      input: startStockCountSchema,
      method: 'POST',
      path: (_input, department) => `${department}/stock-counts`,
      reconcile: { table: 'stockCounts' },
      // The same count id: a start the server refused (e.g. no products there yet) is tried again.
      retry: ({ department, input }, _edits, context) =>
        startStockCount(
          department ?? '',
          { location: input.location, countId: input._id },
          context,
        ),
    }),
    declareWrite({
      kind: 'stockCounts.submit',
      input: queuedSubmitSchema,
      method: 'POST',
      path: (input, department) => `${department}/stock-counts/${input.countId}/submit`,
      reconcile: { table: 'stockCounts' },
      retry: ({ department, input }, _edits, context) =>
        submitStockCount(department ?? '', input.countId, context, input.lines),
    }),
  ],
};
