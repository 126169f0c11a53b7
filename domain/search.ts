import type { DepartmentDescriptor } from './departments.ts';

/**
 * Product search (spec section 9): a case-insensitive substring match of the trimmed query on the
 * fields the department descriptor names (hardware: name and description; others: name).
 */
export type SearchField = DepartmentDescriptor['searchFields'][number];

export type Searchable = Partial<Record<SearchField, string | null | undefined>>;

export function normalizeQuery(query: string): string {
  return query.trim().toLocaleLowerCase();
}

/** Whether `item` matches `query`; an empty query matches everything. */
export function matchesSearch(
  item: Searchable,
  query: string,
  fields: readonly SearchField[],
): boolean {
  const needle = normalizeQuery(query);
  if (needle === '') return true;
  return fields.some((field) => (item[field] ?? '').toLocaleLowerCase().includes(needle));
}

export function filterBySearch<T extends Searchable>(
  items: readonly T[],
  query: string,
  fields: readonly SearchField[],
): T[] {
  return items.filter((item) => matchesSearch(item, query, fields));
}
