import { httpError } from '../../http-errors.ts';

/**
 * Incremental pulls (`?updatedSince=<cursor>`): the cursor is an ISO-8601 UTC time. Rows whose
 * `updatedAt` is at or after it are returned again. The next cursor is the time the query started
 * minus an overlap, because `updatedAt` is stamped when a transaction runs, not when it commits:
 * a transaction that stamped its rows just before a pull and committed just after it is still
 * seen by the next pull. Clients upsert by id, so the repeats are harmless.
 */
export const cursorOverlapMs = 15_000;

export const cursorMessages = {
  invalid: 'Invalid updatedSince cursor',
} as const;

/**
 * The lower bound for `updatedAt`: '' (everything) for '0', else the cursor as ISO text. Accepts
 * the ISO strings this API hands out and epoch milliseconds.
 */
export function parseUpdatedSince(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '0' || trimmed === '') return '';
  const time = /^\d+$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  if (!Number.isFinite(time)) throw httpError(400, cursorMessages.invalid);
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) throw httpError(400, cursorMessages.invalid);
  return date.toISOString();
}

export function nextCursor(queryStartedAt: number): string {
  return new Date(queryStartedAt - cursorOverlapMs).toISOString();
}

export interface ChangesPage<T> {
  items: T[];
  deleted: string[];
  cursor: string;
}
