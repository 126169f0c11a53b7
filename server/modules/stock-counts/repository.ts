import type { Kysely, Selectable } from 'kysely';
import type { StockCountJson, StockCountStatus } from '../../../domain/stock-counts.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { StockCountLinesTable, StockCountsTable } from './tables.ts';
import type { DialectName } from '../../db/database.ts';
import { declareList, listChanges, type ChangesFrom } from '../lists/public.ts';

/** The stock counts list (served by routes.ts through the lists module). */
export const stockCountsList = declareList('stock_counts');

/**
 * Queries of stock counts (migration 0012). A count is read with its lines: the list routes and
 * every answer send both, and never a line's `stockAtStart` (the count is blind).
 */
type Db = Kysely<DatabaseSchema>;
export type StockCountRow = Selectable<StockCountsTable>;
export type StockCountLineRow = Selectable<StockCountLinesTable>;
export type StockCountWithLines = StockCountRow & { lines: StockCountLineRow[] };

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

export function toStockCountJson(row: StockCountWithLines): StockCountJson {
  return {
    _id: row.id,
    location: row.location,
    status: row.status as StockCountStatus,
    startedAt: row.startedAt,
    startedBy: row.startedBy,
    submittedAt: row.submittedAt,
    submittedBy: row.submittedBy,
    closedAt: row.closedAt,
    closedBy: row.closedBy,
    updatedAt: row.updatedAt,
    lines: row.lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      barcode: line.barcode,
      counted: nullableNumber(line.counted),
      countedAt: line.countedAt,
      expected: nullableNumber(line.expected),
      variance: nullableNumber(line.variance),
      adjustment: nullableNumber(line.adjustment),
    })),
  };
}

/** The lines of these counts, each count's in product-name order. */
async function withLines(db: Db, rows: StockCountRow[]): Promise<StockCountWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('stock_count_lines')
    .selectAll()
    .where(
      'countId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('productName')
    .orderBy('productId')
    .execute();
  const byCount = new Map<string, StockCountLineRow[]>();
  for (const line of lines) {
    const list = byCount.get(line.countId) ?? [];
    list.push(line);
    byCount.set(line.countId, list);
  }
  return rows.map((row) => ({ ...row, lines: byCount.get(row.id) ?? [] }));
}

/** The department's counts, newest first (the plain GET). */
export async function listStockCounts(db: Db, department: string): Promise<StockCountWithLines[]> {
  const rows = await db
    .selectFrom('stock_counts')
    .selectAll()
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withLines(db, rows);
}

/** A page of changed counts for the pull, with their lines. */
export async function stockCountChanges(
  db: Db,
  department: string,
  from: ChangesFrom,
  limit: number | undefined,
): Promise<StockCountWithLines[]> {
  return withLines(db, await listChanges(db, stockCountsList, department, from, limit));
}

/** One count of the department with its lines; on PostgreSQL the count row is locked. */
export async function findStockCount(
  db: Db,
  department: string,
  id: string,
  lock?: DialectName,
): Promise<StockCountWithLines | undefined> {
  const row = await db
    .selectFrom('stock_counts')
    .selectAll()
    .where('id', '=', id)
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .$if(lock === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) return undefined;
  const [found] = await withLines(db, [row]);
  return found;
}

/** Whether any department's count has this id (a client id is never reused). */
export async function stockCountIdExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('stock_counts')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every change recorded for a count's products while it was open, by product. */
export async function changesOf(
  db: Db,
  countId: string,
): Promise<Map<string, { delta: number; at: string }[]>> {
  const rows = await db
    .selectFrom('stock_count_changes')
    .select(['productId', 'delta', 'at'])
    .where('countId', '=', countId)
    .execute();
  const byProduct = new Map<string, { delta: number; at: string }[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ delta: Number(row.delta), at: row.at });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
