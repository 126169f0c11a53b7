/**
 * The deliveries module's own tables (migration 0017-goods-received), added to the schema here
 * because no other module reads them (decision 0032).
 */
declare module '../../db/schema.ts' {
  interface DatabaseSchema {
    suppliers: SuppliersTable;
    deliveries: DeliveriesTable;
    delivery_lines: DeliveryLinesTable;
    /** SQLite only: PostgreSQL numbers deliveries with a sequence per department. */
    grn_sequences: GrnSequencesTable;
  }
}

/** Suppliers: a mirrored list per department. */
export interface SuppliersTable {
  id: string;
  department: string;
  name: string;
  /** domain/suppliers.ts `supplierNameKey`: unique per department. */
  nameKey: string;
  phone: string | null;
  notes: string | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Deliveries (goods-received notes): a mirrored list per department, keyed (department, id). */
export interface DeliveriesTable {
  id: string;
  department: string;
  sequenceNumber: number;
  /** 'GRN-000042'. */
  grnNumber: string;
  supplierId: string;
  supplierName: string;
  noteNumber: string;
  /** domain/goods-received.ts `noteNumberKey`: unique per (department, supplierId). */
  noteKey: string;
  /** YYYY-MM-DD, the day the goods arrived. */
  receivedOn: string;
  lineCount: number;
  totalQuantity: number;
  userId: string;
  userEmail: string;
  /** Every mirrored list has it (serve-list.ts); never set. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryLinesTable {
  department: string;
  deliveryId: string;
  /** 0-based, in the order the clerk entered the lines. */
  position: number;
  productId: string;
  productName: string;
  location: string;
  quantity: number;
  /** 1 when the line created the product, else 0 (SQLite has no boolean). */
  createdProduct: number;
}

export interface GrnSequencesTable {
  department: string;
  lastNumber: number;
}
