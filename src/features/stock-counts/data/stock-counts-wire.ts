import { stockCountSchema } from '../../../../domain/stock-counts.ts';
import type { StockCountRecord } from '../../../db/database.ts';

/**
 * A stock count the API sends (domain/stock-counts.ts `stockCountSchema`) as the mirror record of
 * `department`, confirmed (no entry waits on it), or undefined for a malformed row (skipped).
 */
export function toStockCountRecord(
  value: unknown,
  department: string,
): StockCountRecord | undefined {
  const parsed = stockCountSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}
