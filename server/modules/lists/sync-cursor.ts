import { createHash } from 'node:crypto';
import { syncPageLimits } from '../../../domain/sync-page.ts';
import { httpError } from '../../http-errors.ts';
import { queryWholeNumber } from '../../../domain/number-input.ts';

/**
 * Incremental pulls (`?updatedSince=<cursor>[&limit=<n>]`, contract in domain/sync-page.ts).
 *
 * Time cursors: an ISO-8601 UTC time (or epoch milliseconds, or '0' for everything). Rows whose
 * `updatedAt` is at or after it are returned again. The next cursor is the time the query started
 * minus an overlap, because `updatedAt` is stamped when a transaction runs, not when it commits:
 * a transaction that stamped its rows just before a pull and committed just after it is still
 * seen by the next pull. Clients upsert by id, so the repeats are harmless.
 *
 * Paged walks (`limit` given): while rows remain, the answer carries an opaque page cursor that
 * encodes the walk's start time, the list version read at its start and the keyset position
 * (updatedAt, id) of the last row sent. The next page is the rows with (updatedAt, id) greater
 * than that position, in (updatedAt, id) order. The last page (`more: false`) hands out the time
 * cursor walkStart − overlap. That is safe: a row stamped before the keyset position passed it but
 * committed later was committed after the walk began, so it was stamped after walkStart − overlap
 * and the next pull returns it. Every cursor is a plain position: asking again with it returns the
 * rows from there (the PWA relies on that to re-read rows it skipped), so a client may store one
 * and resume from it after a reload.
 *
 * ETags: the last page's ETag names the list, the version read at the start of the walk (before
 * any of its rows) and the cursor handed out with the page (hashed). Every transaction counted up
 * to that version had committed before the walk read its first rows, so the walk holds all of its
 * changes (or the overlap returns them). An incremental pull whose If-None-Match equals the ETag
 * for (current version, its cursor) therefore has nothing new to get: 304, no rows query. Binding
 * the cursor means an ETag only matches the pull that continues from exactly the answer that
 * carried it (a client that rewinds or resets its cursor but keeps an old ETag still gets rows).
 */
export const cursorOverlapMs = 15_000;

export const cursorMessages = {
  invalid: 'Invalid updatedSince cursor',
  invalidLimit: `Invalid limit: use a whole number from 1 to ${syncPageLimits.maxLimit}`,
  limitWithoutCursor: 'limit is only accepted together with updatedSince',
} as const;

/** A parsed `updatedSince`. `since` is the lower bound for `updatedAt` ('' = everything). */
export type PullCursor =
  | { kind: 'time'; since: string }
  | { kind: 'page'; walkStartedAt: number; version: number; updatedAt: string; id: string };

/** Keyset position of the last row a page sent. */
export interface KeysetPosition {
  updatedAt: string;
  id: string;
}

const opaquePrefix = 'c1.';
const maxPositionLength = 200;

function invalid(): never {
  throw httpError(400, cursorMessages.invalid);
}

function isoFromMs(time: number): string {
  const date = new Date(time);
  if (!Number.isFinite(time) || Number.isNaN(date.getTime())) invalid();
  return date.toISOString();
}

function wholeNumber(text: string | undefined): number {
  if (text === undefined || !/^\d{1,16}$/.test(text)) invalid();
  const value = Number(text);
  if (!Number.isSafeInteger(value)) invalid();
  return value;
}

function encodePart(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function decodePart(text: string | undefined): string {
  if (text === undefined || text === '' || !/^[A-Za-z0-9_-]+$/.test(text)) invalid();
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  if (decoded === '' || decoded.length > maxPositionLength || encodePart(decoded) !== text) {
    invalid();
  }
  return decoded;
}

/**
 * The lower bound for `updatedAt` of a time cursor: '' (everything) for '0', else the cursor as
 * ISO text. Accepts the ISO strings this API hands out and epoch milliseconds.
 */
export function parseUpdatedSince(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '0' || trimmed === '') return '';
  const time = /^\d+$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  if (!Number.isFinite(time)) invalid();
  return isoFromMs(time);
}

/** Any cursor this API accepts: time cursors as always, plus the opaque page cursors. */
export function parseCursor(value: string): PullCursor {
  const trimmed = value.trim();
  if (!trimmed.startsWith(opaquePrefix)) return { kind: 'time', since: parseUpdatedSince(trimmed) };
  const [kind, ...parts] = trimmed.slice(opaquePrefix.length).split('.');
  if (kind === 'p' && parts.length === 4) {
    const walkStartedAt = wholeNumber(parts[0]);
    isoFromMs(walkStartedAt);
    return {
      kind: 'page',
      walkStartedAt,
      version: wholeNumber(parts[1]),
      updatedAt: decodePart(parts[2]),
      id: decodePart(parts[3]),
    };
  }
  return invalid();
}

/** `limit`: undefined when absent (one page holding everything), else 1…maxLimit. */
export function parseLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const limit = pageLimit.safeParse(value);
  if (!limit.success) throw httpError(400, cursorMessages.invalidLimit);
  return limit.data;
}

const pageLimit = queryWholeNumber({
  min: 1,
  max: syncPageLimits.maxLimit,
  message: cursorMessages.invalidLimit,
});

/** The time cursor of the next pull after a query that started at `queryStartedAt`. */
export function nextCursor(queryStartedAt: number): string {
  return new Date(queryStartedAt - cursorOverlapMs).toISOString();
}

/** The cursor of a page with more to come: where the next page starts. */
export function pageCursor(walkStartedAt: number, version: number, last: KeysetPosition): string {
  return `${opaquePrefix}p.${walkStartedAt}.${version}.${encodePart(last.updatedAt)}.${encodePart(last.id)}`;
}

/**
 * Weak ETag of an incremental pull's last page: the list, its version and the cursor handed out
 * with the page (hashed). Weak because the bytes differ with the content-encoding.
 */
export function pullEtag(list: string, version: number, cursor: string): string {
  const cursorTag = createHash('sha256').update(cursor.trim()).digest('base64url').slice(0, 10);
  return `W/"${list}-${version}-${cursorTag}"`;
}

/** Weak ETag of a whole list (the plain GET): the list and its version. */
export function listEtag(list: string, version: number): string {
  return `W/"${list}-${version}"`;
}

/** True when an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2). */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = etag.replace(/^W\//, '');
  const values = Array.isArray(header) ? header : [header];
  return values.some((value) =>
    value.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === wanted),
  );
}

/** One answer of an incremental pull (domain/sync-page.ts). */
export interface ChangesPage<T> {
  items: T[];
  deleted: string[];
  cursor: string;
  more: boolean;
  /** While `more`: rows after this page at the time it was read (a progress hint). */
  remaining?: number;
}
