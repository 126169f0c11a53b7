import type { Kysely } from 'kysely';
import { lineVariance } from '../../../domain/stock-count-variance.ts';
import {
  stockCountMessages,
  type StockCountJson,
  type SubmitStockCountInput,
} from '../../../domain/stock-counts.ts';
import { nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import type { AuditContext } from '../audit/public.ts';
import type { DepartmentContext } from '../../context.ts';
import { countOrThrow, forgetChanges, moveCount, updateLine } from './count-state.ts';
import { changesOf } from './repository.ts';

type Db = Kysely<DatabaseSchema>;

/** A device's time of counting, kept within the count's life (a device clock may be off). */
function clampTime(claimed: string, earliest: string, latest: string): string {
  const iso = new Date(claimed).toISOString();
  if (iso < earliest) return earliest;
  return iso > latest ? latest : iso;
}

export async function submitStockCount(
  trx: Db,
  context: DepartmentContext,
  id: string,
  input: SubmitStockCountInput,
  audit: AuditContext,
): Promise<StockCountJson> {
  const count = await countOrThrow(trx, context, id);
  if (count.status !== 'open') {
    throw httpError(
      409,
      count.status === 'submitted'
        ? stockCountMessages.alreadySubmitted
        : stockCountMessages.notOpen,
    );
  }
  const inCount = new Set(count.lines.map((line) => line.productId));
  if (input.lines.some((line) => !inCount.has(line.productId))) {
    throw httpError(400, stockCountMessages.notInCount);
  }
  const now = nowIso();
  const changes = await changesOf(trx, id);
  const submittedLines = new Map(input.lines.map((line) => [line.productId, line]));
  let counted = 0;
  for (const line of count.lines) {
    const submitted = submittedLines.get(line.productId);
    if (!submitted) continue;
    counted += 1;
    const countedAt = clampTime(submitted.countedAt, count.startedAt, now);
    const { expected, variance } = lineVariance({
      stockAtStart: Number(line.stockAtStart),
      changesSince: (changes.get(line.productId) ?? [])
        .filter((change) => change.at <= countedAt)
        .map((change) => ({ kind: 'change' as const, delta: change.delta })),
      counted: submitted.counted,
    });
    await updateLine(trx, id, line.productId, {
      counted: submitted.counted,
      countedAt,
      expected,
      variance,
    });
  }
  // The variances are computed; the trigger records nothing for a count that is not open.
  await forgetChanges(trx, id);
  return moveCount(trx, context, count, audit, {
    to: 'submitted',
    stamps: { submittedAt: now, submittedBy: audit.userEmail },
    now,
    detail: { counted },
  });
}
