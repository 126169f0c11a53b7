/**
 * The sales module's own tables (migration 0016-sales), added to the schema here rather than in
 * server/db/schema.ts because no other module reads them (decision 0032). The order lines of a
 * sale are orders; their `saleId`/`saleNumber` columns are in OrdersTable.
 */
declare module '../../db/schema.ts' {
  interface DatabaseSchema {
    sales: SalesTable;
    /** SQLite only: PostgreSQL numbers sales with a sequence per department. */
    sale_sequences: SaleSequencesTable;
  }
}

/** Sales (migration 0016-sales): a mirrored list per department, keyed (department, id). */
export interface SalesTable {
  id: string;
  department: string;
  /** Per-department sequence number behind `saleNumber`. */
  sequenceNumber: number;
  /** Human number, e.g. SALE-HW-000042. */
  saleNumber: string;
  /** Sum of the lines' totals, whole shillings. */
  total: number;
  lineCount: number;
  userId: string;
  /** Every mirrored list has it (serve-list.ts); never set. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SaleSequencesTable {
  department: string;
  lastNumber: number;
}
