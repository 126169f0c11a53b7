/**
 * A mirrored list read for a range of creation times (decision 0035, "A bounded tablet"):
 *
 *   GET /{dept}/orders?updatedSince=<cursor>&limit=<n>&createdSince=<time>[&createdBefore=<time>]
 *
 * The change pages (domain/sync-page.ts) then hold only the rows created in
 * [createdSince, createdBefore): a tablet's first pull asks for its retention window alone, and
 * the Orders page reads an older period online, page by page. Times are ISO-8601 UTC instants
 * ('2026-08-30T00:00:00.000Z') or whole UTC days ('2026-08-30'); the server compares them with the
 * stored ISO text, so both are normalised to `Date.toISOString()` first. The plain GET (no
 * updatedSince) still returns the whole list, as the spec says.
 */
export const createdRangeParams = { since: 'createdSince', before: 'createdBefore' } as const;

export const createdRangeMessages = {
  invalidSince:
    'Invalid createdSince: use an ISO-8601 UTC time such as 2026-08-30T00:00:00.000Z or a day such as 2026-08-30',
  invalidBefore:
    'Invalid createdBefore: use an ISO-8601 UTC time such as 2026-09-01T00:00:00.000Z or a day such as 2026-09-01',
  withoutCursor: 'createdSince and createdBefore are only accepted together with updatedSince',
  emptyRange: 'createdBefore must be later than createdSince',
} as const;

// Strict shapes only: Date.parse alone also reads '2026', 'Aug 30 2026' or local times.
const isoInstant = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const isoDay = /^(\d{4}-\d{2}-\d{2})$/;

/** The ISO text of a creation bound, or undefined when `text` is not one (a 400 on the server). */
export function parseCreatedBound(text: string): string | undefined {
  const trimmed = text.trim();
  const day = isoInstant.exec(trimmed)?.[1] ?? isoDay.exec(trimmed)?.[1];
  if (day === undefined) return undefined;
  const time = Date.parse(isoDay.test(trimmed) ? `${trimmed}T00:00:00.000Z` : trimmed);
  if (!Number.isFinite(time)) return undefined;
  const iso = new Date(time).toISOString();
  // '2026-02-30' parses as 2 March in some engines: the day must survive the round trip.
  return iso.startsWith(day) ? iso : undefined;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Where a retention window of `days` starts at `now`: the start of the UTC day `days` days ago.
 * A whole day, so the bound (and with it the pull's ETag) stays the same for a day of pulls.
 */
export function windowStart(now: Date, days: number): string {
  const start = new Date(now.getTime() - days * dayMs);
  start.setUTCHours(0, 0, 0, 0);
  return start.toISOString();
}
