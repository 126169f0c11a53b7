import { movementLogSchema } from '../../../../domain/transfers.ts';
import type { MovementLogRecord } from '../../../db/database.ts';

/**
 * A movement log the API sends (domain/transfers.ts `movementLogSchema`) as the mirror record of
 * `department`, confirmed (no entry waits on it), or undefined: every answer is `unknown` until
 * parsed here, and a malformed row is skipped rather than poisoning the list.
 */
export function toMovementLogRecord(
  value: unknown,
  department: string,
): MovementLogRecord | undefined {
  const parsed = movementLogSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}
