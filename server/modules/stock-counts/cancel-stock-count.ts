import type { Kysely } from 'kysely';
import { stockCountMessages, type StockCountJson } from '../../../domain/stock-counts.ts';
import { nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import type { AuditContext } from '../audit/public.ts';
import type { DepartmentContext } from '../../context.ts';
import { countOrThrow, forgetChanges, moveCount } from './count-state.ts';

type Db = Kysely<DatabaseSchema>;

/** An admin drops an open or submitted count: nothing is adjusted. */
export async function cancelStockCount(
  trx: Db,
  context: DepartmentContext,
  id: string,
  audit: AuditContext,
): Promise<StockCountJson> {
  const count = await countOrThrow(trx, context, id);
  if (count.status !== 'open' && count.status !== 'submitted') {
    throw httpError(
      409,
      count.status === 'applied' ? stockCountMessages.alreadyApplied : stockCountMessages.notOpen,
    );
  }
  const now = nowIso();
  await forgetChanges(trx, id);
  return moveCount(trx, context, count, audit, {
    to: 'cancelled',
    stamps: { closedAt: now, closedBy: audit.userEmail },
    now,
  });
}
