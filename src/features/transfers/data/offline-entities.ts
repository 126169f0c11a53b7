import { z } from 'zod';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import { transferDepartmentIds, transferInputSchema } from '../../../../domain/transfers.ts';
import { declareWrite, type OfflineEntities } from '../../../sync/registry.ts';
import { transferStock } from '../commands/transfer-stock.ts';
import { toMovementLogRecord } from './transfers-wire.ts';

/**
 * Stock transfers as an offline entity, declared once for the sync engine (decision 0007): the
 * movement logs of the departments with a move screen (admins only, like the API) and the write
 * 'transfers.create'. The products a transfer changes are the department's mirrored products;
 * the write's answer reconciles the log, and the next pull brings both products' truth.
 * Listed in src/app/offline-entities.ts; a retry re-runs the command.
 */
declare module '../../../sync/registry.ts' {
  interface OutboxInputs {
    'transfers.create': z.output<typeof transferInputSchema>;
  }
}

/** What a Retry after editing may change; anything else in the edits is ignored. */
const retryEditsSchema = z.object({
  transferQuantity: z.unknown().optional(),
  destination: z.unknown().optional(),
  reason: z.unknown().optional(),
});

export const transfersOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'movementLogs',
      scope: 'department',
      departments: transferDepartmentIds,
      path: (department) => `${department}/movement-logs`,
      pageSize: syncPageLimits.defaultLimit,
      scopeIndex: 'department',
      toRecord: (raw, department) => toMovementLogRecord(raw, department),
      pendingField: 'pendingOutboxId',
      // Department-scoped: the department's manager reads its logs too (decision 0038).
      readers: 'manager',
    },
  ],
  writes: [
    declareWrite({
      kind: 'transfers.create',
      input: transferInputSchema,
      method: 'POST',
      path: (_input, department) => `${department}/inventory-movement`,
      reconcile: { table: 'movementLogs', pick: 'log' },
      // The same log id: a transfer the server refused is made again as the same transfer.
      retry: ({ department, input }, edits, context) => {
        const parsed = retryEditsSchema.safeParse(edits);
        const changes = parsed.success ? parsed.data : {};
        return transferStock(
          department ?? '',
          {
            productId: input.productId,
            transferQuantity: changes.transferQuantity ?? input.transferQuantity,
            destination: changes.destination ?? input.destination,
            reason: changes.reason ?? input.reason,
            logId: input._id,
          },
          context,
        );
      },
      editableQuantity: (input) => ({ field: 'transferQuantity', value: input.transferQuantity }),
    }),
  ],
};
