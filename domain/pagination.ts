/**
 * Client-side paging shared by every list (spec section 2: Previous/Next with 'Page x of y', the
 * control shows up to 5 page buttons then ellipses). Pages are 1-based.
 */
export const maxPageButtons = 5;

export type PageItem = { type: 'page'; value: number } | { type: 'ellipsis'; key: string };

/** Number of pages for `total` items; an empty list still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) {
    return 1;
  }
  return Math.ceil(total / pageSize);
}

/** A requested page brought into 1..pages (a list that shrank must not show an empty page). */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), Math.max(1, pages));
}

/** The items shown on `page`. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize));
  const start = (current - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/**
 * The buttons of the paging control: every page when there are at most 5; otherwise 5 page
 * buttons — the first, the last and the pages around the current one — with an ellipsis for
 * each gap, e.g. 1 2 3 4 … 10, 1 … 4 5 6 … 10, 1 … 7 8 9 10.
 */
export function pageItems(page: number, pages: number, maxButtons = maxPageButtons): PageItem[] {
  const total = Math.max(1, Math.floor(pages));
  const current = clampPage(page, total);
  const numbers = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, index) => ({ type: 'page', value: from + index }));
  if (total <= maxButtons) return numbers(1, total);

  // Pages between the first and the last button.
  const inner = maxButtons - 2;
  let start = Math.max(2, current - Math.floor((inner - 1) / 2));
  let end = start + inner - 1;
  if (end > total - 1) {
    end = total - 1;
    start = end - inner + 1;
  }

  const items: PageItem[] = [{ type: 'page', value: 1 }];
  if (start > 2) items.push({ type: 'ellipsis', key: 'start' });
  items.push(...numbers(start, end));
  if (end < total - 1) items.push({ type: 'ellipsis', key: 'end' });
  items.push({ type: 'page', value: total });
  return items;
}
