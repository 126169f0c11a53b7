import {
  queuedSubmitSchema,
  stockCountMessages,
  type CountedLine,
} from '../../../../domain/stock-counts.ts';
import { db as defaultDb, type AppDatabase } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { runCommand } from '../../../sync/run-command.ts';
import type { WriteContext } from '../../../sync/registry.ts';
import type { StockCountCommandResult } from './start-stock-count.ts';
import { serverNowMs } from '../../../sync/server-clock.ts';

/**
 * The lines a submission sends: what this device counted, and 0 counted at `stamp` for every
 * line not counted (the counter confirmed that what was not found is not there).
 */
export async function linesToSubmit(
  db: AppDatabase,
  countId: string,
  stamp: string,
): Promise<CountedLine[]> {
  const [count, draft] = await Promise.all([
    db.stockCounts.get(countId),
    db.countDrafts.get(countId),
  ]);
  return (count?.lines ?? []).map((line) => {
    const entered = draft?.counted[line.productId];
    return {
      productId: line.productId,
      counted: entered?.counted ?? 0,
      countedAt: entered?.countedAt ?? stamp,
    };
  });
}

/**
 * Submits a count (decision 0020), offline first: in ONE Dexie transaction the mirrored count
 * shows the counted quantities and 'submitted', waiting for the server, and the entry for
 * POST /{dept}/stock-counts/{id}/submit is queued. The server's answer (with the variances)
 * replaces the record; a refusal rolls the record back to the open count it was, and the
 * device's draft is kept until then, so nothing counted is lost. `lines` is given by a retry.
 */
export async function submitStockCount(
  dept: string,
  countId: string,
  deps: Partial<WriteContext> = {},
  lines?: readonly CountedLine[],
): Promise<StockCountCommandResult> {
  // Read before the transaction: a retry runs inside one over the mirror tables only.
  const stamp = new Date((deps.now ?? serverNowMs)()).toISOString();
  const counted = lines ?? (await linesToSubmit(deps.db ?? defaultDb, countId, stamp));
  return runCommand(
    {
      department: dept,
      tables: (db) => [db.stockCounts],
      apply: async ({ db, uuid, user }) => {
        const count = await db.stockCounts.get(countId);
        if (!count || count.department !== dept) {
          throw new CommandError('invalid', stockCountMessages.notFound);
        }
        if (count.status !== 'open' || count.pendingOutboxId) {
          throw new CommandError(
            'invalid',
            count.status === 'submitted'
              ? stockCountMessages.alreadySubmitted
              : stockCountMessages.notOpen,
          );
        }
        const parsed = queuedSubmitSchema.safeParse({ countId, lines: counted });
        if (!parsed.success) {
          throw new CommandError(
            'invalid',
            parsed.error.issues[0]?.message ?? stockCountMessages.failed,
          );
        }
        const byProduct = new Map(parsed.data.lines.map((line) => [line.productId, line]));
        const entryId = uuid();
        await db.stockCounts.update(countId, {
          status: 'submitted',
          submittedAt: stamp,
          submittedBy: user.email,
          lines: count.lines.map((line) => ({
            ...line,
            counted: byProduct.get(line.productId)?.counted ?? null,
            countedAt: byProduct.get(line.productId)?.countedAt ?? null,
          })),
          pendingOutboxId: entryId,
        });
        return {
          id: entryId,
          kind: 'stockCounts.submit',
          input: parsed.data,
          body: { lines: parsed.data.lines },
          entityId: countId,
          touches: [countId],
          rollback: [
            {
              op: 'patch',
              table: 'stockCounts',
              key: countId,
              changes: {
                status: count.status,
                submittedAt: count.submittedAt,
                submittedBy: count.submittedBy,
                lines: count.lines,
                pendingOutboxId: null,
              },
            },
          ],
          label: { key: 'stockCounts.op.submit', values: { location: count.location } },
        };
      },
    },
    deps,
  );
}
