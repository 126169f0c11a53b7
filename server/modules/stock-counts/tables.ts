/**
 * The stock counts module's own tables (migration 0012-stock-counts), added to the schema here
 * rather than in server/db/schema.ts because no other module reads them (decision 0032).
 */
declare module '../../db/schema.ts' {
  interface DatabaseSchema {
    stock_counts: StockCountsTable;
    stock_count_lines: StockCountLinesTable;
    stock_count_changes: StockCountChangesTable;
  }
}

/** Stock counts (migration 0012-stock-counts): a mirrored list per department. */
export interface StockCountsTable {
  id: string;
  department: string;
  location: string;
  /** 'open' | 'submitted' | 'applied' | 'cancelled' (domain/stock-counts.ts). */
  status: string;
  startedAt: string;
  /** Email of who started it, copied like a movement log's. */
  startedBy: string;
  submittedAt: string | null;
  submittedBy: string | null;
  /** When and by whom it was applied or cancelled. */
  closedAt: string | null;
  closedBy: string | null;
  /** Every mirrored list has it (serve-list.ts); never set. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One product of a count: the snapshot, then the count, its variance and its adjustment. */
export interface StockCountLinesTable {
  countId: string;
  productId: string;
  productName: string;
  barcode: string | null;
  /** The product's stock when the count started; never sent to a client (a blind count). */
  stockAtStart: number;
  counted: number | null;
  countedAt: string | null;
  expected: number | null;
  variance: number | null;
  adjustment: number | null;
}

/** A change of a counted product's stock while its count was open (written by a trigger). */
export interface StockCountChangesTable {
  countId: string;
  productId: string;
  delta: number;
  at: string;
}
