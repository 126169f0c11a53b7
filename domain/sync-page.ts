import { z } from 'zod';

/**
 * The incremental pull contract for every mirrored list (docs/offline-model.md, "Reads"):
 *
 *   GET /{list}?updatedSince=<cursor>&limit=<n>   (cursor '0' = from the beginning)
 *   → 200 {items, deleted, cursor, more}   with ETag: "<list change version>"
 *   → 304 (no body) when If-None-Match names the current change version: nothing changed.
 *
 * - `cursor` is opaque. While `more` is true the client asks again at once with it (a page of a
 *   long walk, for example a first sync of 10,000 products); when `more` is false it is the
 *   cursor of the next incremental pull. Every cursor is a stable position: a client may store it
 *   and resume from it after a reload or a dropped connection.
 * - Without `limit` the answer is one page holding everything (older clients).
 * - The ETag is only meaningful on the last page (`more` false): the client stores it then and
 *   sends it as If-None-Match with its next incremental pull.
 * - A plain GET (no updatedSince) returns the whole array as the spec says.
 */
export const syncPageLimits = {
  /** Page size the PWA asks for. */
  defaultLimit: 1000,
  /** Largest page the server hands out. */
  maxLimit: 1000,
} as const;

export const syncPageSchema = z.object({
  items: z.array(z.unknown()),
  deleted: z.array(z.string()).default([]),
  cursor: z.union([z.string(), z.number()]).transform(String),
  more: z.boolean().default(false),
  /** Rows left after this page (while `more`), so a long first sync can show "3,000 / 10,000". */
  remaining: z.number().int().nonnegative().optional(),
});
