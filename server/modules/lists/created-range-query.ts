import { z } from 'zod';
import {
  createdRangeMessages,
  createdRangeParams,
  parseCreatedBound,
} from '../../../domain/created-range.ts';
import { httpError } from '../../http-errors.ts';
import type { CreatedRange } from './serve-list.ts';

/**
 * The `createdSince`/`createdBefore` of a list's change pages (decision 0035): a list whose rows
 * are dated (orders, sales) serves a tablet only the window it keeps.
 */
const rangeQuery = z.object({
  updatedSince: z.unknown().optional(),
  [createdRangeParams.since]: z.unknown().optional(),
  [createdRangeParams.before]: z.unknown().optional(),
});

function bound(value: unknown, message: string): string | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? parseCreatedBound(value) : undefined;
  if (parsed === undefined) throw httpError(400, message);
  return parsed;
}

/**
 * The creation range a change-page request asks for (decision 0035), or undefined without one.
 * Only change pages take it: the plain GET is the whole list, as the spec says.
 */
export function createdRangeOf(query: unknown): CreatedRange | undefined {
  const parsed = rangeQuery.parse(query ?? {});
  const since = bound(parsed.createdSince, createdRangeMessages.invalidSince);
  const before = bound(parsed.createdBefore, createdRangeMessages.invalidBefore);
  if (since === undefined && before === undefined) return undefined;
  if (parsed.updatedSince === undefined) throw httpError(400, createdRangeMessages.withoutCursor);
  if (since !== undefined && before !== undefined && before <= since)
    throw httpError(400, createdRangeMessages.emptyRange);
  return { ...(since === undefined ? {} : { since }), ...(before === undefined ? {} : { before }) };
}
