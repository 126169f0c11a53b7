import Dexie, { type EntityTable, type Transaction } from 'dexie';
import type { DeliveryJson } from '../../domain/goods-received.ts';
import type { PrintingOrderJson } from '../../domain/printing.ts';
import type { SaleJson, SaleLineJson } from '../../domain/sales.ts';
import type { StockCountJson } from '../../domain/stock-counts.ts';
import type { SupplierJson } from '../../domain/suppliers.ts';
import type { CompanySettings } from '../../domain/settings.ts';
import type { RefusalDetails } from '../../domain/outbox.ts';
import type { MovementLogJson } from '../../domain/transfers.ts';
import type { Category, Role } from '../../domain/users.ts';
import { naturalSortKey } from '../../domain/natural-sort.ts';
import { appDatabaseName } from './database-name.ts';
import { productSortMiddleware, withDerivedKeys } from './product-sort-middleware.ts';

/**
 * The PWA's IndexedDB database, shared by the window and the service worker.
 * Every list a user can see offline is mirrored here; screens render from it (docs/offline-model.md).
 * The schema is versioned: never edit a shipped version, add a new `this.version(n)` below it.
 */

export interface SessionRecord {
  /** Always 'current': one signed-in session per device profile. */
  id: 'current';
  user: { _id: string; email: string; role: Role; category: Category };
  token: string;
  /** Token expiry in epoch milliseconds, read from its exp claim. */
  expiresAt: number;
}

/** A product mirrored from /api/v1/{dept}/products, keyed by `_id`. */
export interface ProductRecord {
  _id: string;
  department: string;
  name: string;
  description: string;
  price: number;
  quantity: number;
  image?: string | null;
  location?: string | null;
  condition?: string | null;
  nutrients?: string | null;
  /** Unique among the department's live products; absent: none (domain/inventory-fields.ts). */
  barcode?: string | null;
  /** Absent or null: the department's low-stock threshold (domain/low-stock.ts). */
  reorderLevel?: number | null;
  /**
   * quantity − reorder level while the product is at or below it, absent otherwise
   * (domain/low-stock.ts `lowStockGap`), set on every write by product-sort-middleware.ts: the
   * index [department+lowStockGap] holds exactly the department's low-stock products, furthest
   * below first.
   */
  lowStockGap?: number;
  /**
   * The name's natural-order key (domain/natural-sort.ts), set on every write by
   * product-sort-middleware.ts: lists page through [department+sortName].
   */
  sortName?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** An order mirrored from /api/v1/{dept}/orders, keyed by `_id`. */
export interface OrderRecord {
  _id: string;
  department: string;
  orderId?: string | null;
  productId: string;
  productName: string;
  quantity: number;
  price: number;
  total: number;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The sale this order is a line of (its id and, once the server numbered it, its number). */
  saleId?: string | null;
  saleNumber?: string | null;
  /** Set while an optimistic change from the outbox is not yet confirmed by the server. */
  pendingOutboxId?: string | null;
}

/**
 * A printing order (print job) mirrored from /api/v1/printing/orders, keyed by `_id` (a client
 * UUID for a job taken on this device): the API's record plus the list's scope key.
 */
export type PrintingOrderRecord = Omit<PrintingOrderJson, 'receiptNumber'> & {
  /** Always 'printing': the list's scope key, so pulls can find rows the server no longer lists. */
  department: string;
  /** Null until the server has numbered the job (its receipt is provisional until then). */
  receiptNumber: string | null;
  /** Set while an optimistic change from the outbox is not yet confirmed by the server. */
  pendingOutboxId?: string | null;
};

/**
 * A movement log (stock transfer) mirrored from /api/v1/{dept}/movement-logs, keyed by `_id` (a
 * client UUID for a transfer made on this device, also its transactionId).
 */
export type MovementLogRecord = MovementLogJson & {
  /** The department whose stock moved (godown): the list's scope key. */
  department: string;
  /** Set while the transfer waits in the outbox (not yet on the server). */
  pendingOutboxId?: string | null;
};

/**
 * The company settings mirrored from /api/v1/settings (a list of one row, `_id` 'company'), so
 * receipts print the admin's details offline on every signed-in tablet.
 */
export type CompanySettingsRecord = CompanySettings;

/** A stock count of the department's mirror (issue 15), pending while its start or submission waits. */
export type StockCountRecord = StockCountJson & {
  department: string;
  pendingOutboxId?: string | null;
};

/**
 * What the counter has entered on this device for one count, kept across reloads until the count
 * is submitted (a paused count resumes here). Local only: never sent until the submission.
 */
/**
 * A sale of several items (issue 25) mirrored from /api/v1/{dept}/sales: numbers are null while
 * the sale waits in the outbox (its receipt number is provisional until then).
 */
export type SaleRecord = Omit<SaleJson, 'saleNumber' | 'lines'> & {
  department: string;
  saleNumber: string | null;
  lines: (Omit<SaleLineJson, 'orderId'> & { orderId: string | null })[];
  pendingOutboxId?: string | null;
};

/** A supplier of a department that books deliveries (issue 25 item 3), pending until synced. */
export type SupplierRecord = SupplierJson & { department: string; pendingOutboxId?: string | null };

/**
 * A delivery (goods-received note) mirrored from /api/v1/{dept}/deliveries: `grnNumber` is null
 * while it waits in the outbox (its note is provisional until then).
 */
export type DeliveryRecord = Omit<DeliveryJson, 'grnNumber'> & {
  department: string;
  grnNumber: string | null;
  pendingOutboxId?: string | null;
};

/** The basket being filled on this device, one per department, kept across reloads. */
export interface SaleDraftRecord {
  department: string;
  lines: { productId: string; quantity: number }[];
  updatedAt: string;
}

export interface CountDraftRecord {
  countId: string;
  /** productId → the quantity counted and when (ISO), as the counter last entered it. */
  counted: Record<string, { counted: number; countedAt: string }>;
  updatedAt: string;
}

export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'done';

/** One queued write. `id` is also the Idempotency-Key; the token is attached at send time only. */
export interface OutboxEntry {
  id: string;
  userId: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  status: OutboxStatus;
  lastError?: string | null;
  /** What the server's refusal said beside its message (the stock now, an edit conflict). */
  refusal?: RefusalDetails;
  /** Epoch ms before which the flusher must not retry this entry (backoff). */
  nextAttemptAt?: number;
  /** The last try got no answer at all (network error, timeout), as opposed to a 5xx or 429. */
  unreachable?: boolean;
  /** What the user did, for the failures list (i18n key plus values). */
  label?: { key: string; values?: Record<string, string | number> };
  /** Data needed to undo the optimistic change when the server rejects the entry. */
  rollback?: unknown;
  /** What kind of write this is, e.g. 'order.create' (src/sync/outbox.ts `OutboxKind`). */
  kind?: string;
  /** Department the write belongs to (for the failures list and pulls). */
  department?: string;
  /** The record this entry creates, edits or deletes. */
  entityId?: string;
  /** Every mirrored record id this entry changed optimistically; a pull never overwrites them. */
  touches?: string[];
  /** Earlier unresolved entries this one needs (e.g. an edit of an order whose create is queued). */
  dependsOn?: string[];
  /**
   * When the user read the notice of this entry's refusal (src/sync/outbox.ts markFailuresRead);
   * unset on a failed entry, the notice is shown again at every start.
   */
  noticeReadAt?: number;
  /** The command input, so a failed entry can be retried after editing. */
  input?: unknown;
  /** How to apply the server's response to the mirror once the entry succeeds. */
  reconcile?: unknown;
}

/** Per-list sync cursors and the last successful sync, keyed by e.g. 'hardware/products'. */
export interface SyncStateRecord {
  key: string;
  cursor?: string | null;
  lastSyncedAt?: number | null;
  /** Ids a pull skipped because they had pending changes; a later pull re-reads them. */
  skippedIds?: string[];
  /** The cursor of the earliest pull that skipped one of `skippedIds`: where a re-read starts. */
  skippedSince?: string | null;
  /** True while `cursor` is a page in the middle of a walk (a long first sync): resume there. */
  more?: boolean;
  /** The list's ETag at the end of the last walk, sent as If-None-Match by the next pull. */
  etag?: string | null;
  /**
   * A list with a retention window (decision 0035): where the window began when this cursor was
   * read. A wider window since then means older rows were never fetched: the list starts again.
   */
  windowSince?: string | null;
  /** Key 'retention/<table>': the days this device keeps of that list (its own setting). */
  keepDays?: number;
  /** Key 'sync/progress': how far the current long download has come, for every tab to show. */
  progress?: { list: string; done: number; total: number | null };
  /** Key 'sync/no-answer': when a pull first got no answer in the outage now going on. */
  since?: number;
}

export class AppDatabase extends Dexie {
  session!: EntityTable<SessionRecord, 'id'>;
  products!: EntityTable<ProductRecord, '_id'>;
  orders!: EntityTable<OrderRecord, '_id'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  syncState!: EntityTable<SyncStateRecord, 'key'>;
  printingOrders!: EntityTable<PrintingOrderRecord, '_id'>;
  settings!: EntityTable<CompanySettingsRecord, '_id'>;
  movementLogs!: EntityTable<MovementLogRecord, '_id'>;
  stockCounts!: EntityTable<StockCountRecord, '_id'>;
  countDrafts!: EntityTable<CountDraftRecord, 'countId'>;
  sales!: EntityTable<SaleRecord, '_id'>;
  saleDrafts!: EntityTable<SaleDraftRecord, 'department'>;
  suppliers!: EntityTable<SupplierRecord, '_id'>;
  deliveries!: EntityTable<DeliveryRecord, '_id'>;

  constructor(name = appDatabaseName) {
    // Strict durability: a confirmed write (an order placed offline) must survive a crash or power cut.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      session: 'id',
      products: '_id, department, [department+name], updatedAt',
      orders: '_id, department, [department+createdAt], productId, updatedAt',
      outbox: 'id, [userId+createdAt], status, createdAt',
      syncState: 'key',
    });
    // Printing orders (issue 10). Tables not named here keep their version-1 schema.
    this.version(2).stores({
      printingOrders: '_id, department, [department+createdAt], updatedAt',
    });
    // Movement logs of stock transfers (issue 11).
    this.version(3).stores({
      movementLogs: '_id, department, [department+transferDate]',
    });
    // Company settings for receipts (issue 12). Version 3 is the movement logs' (issue 11).
    this.version(4).stores({ settings: '_id' });
    // Products listed in natural order ('item 2' before 'item 10', any case; issue 14): the
    // [department+sortName] index replaces [department+name]; existing rows get their key here.
    this.version(5)
      .stores({ products: '_id, department, [department+sortName], updatedAt' })
      .upgrade((transaction) =>
        transaction
          .table<ProductRecord>('products')
          .toCollection()
          .modify((product) => {
            product.sortName = naturalSortKey(product.name);
          }),
      );
    // Barcodes and low stock (issue 15): a scan finds its product by [department+barcode]; the
    // 'Low stock' page and count read [department+lowStockGap], which holds only low products.
    this.version(6)
      .stores({
        products:
          '_id, department, [department+sortName], [department+barcode], [department+lowStockGap], updatedAt',
      })
      .upgrade(recomputeLowStockGaps);
    // Stock counts (issue 15): the mirrored counts and this device's counting in progress.
    this.version(7).stores({
      stockCounts: '_id, department, [department+startedAt]',
      countDrafts: 'countId',
    });
    // One meaning of low stock (issue 26): godown's default reorder level became 10, the band of
    // its 'low stock' condition, so the low-stock key of the rows already here is recomputed.
    this.version(8).upgrade(recomputeLowStockGaps);
    // Every index of products is written with every row, and a first sync of 50,000 products is
    // mostly IndexedDB's writing (issue 24 item 4). Two were read by nothing: 'updatedAt', and
    // 'department', whose one reader (a full-list pull's scope) reads [department+sortName].
    this.version(9).stores({
      products: '_id, [department+sortName], [department+barcode], [department+lowStockGap]',
    });
    // Sales of several items (issue 25): the mirrored sales and each department's basket draft.
    this.version(10).stores({
      sales: '_id, department, [department+createdAt]',
      saleDrafts: 'department',
    });
    // Goods received (issue 25 item 3): the godown's suppliers and its deliveries' window.
    this.version(11).stores({
      suppliers: '_id, department',
      deliveries: '_id, department, [department+createdAt]',
    });
    this.use(productSortMiddleware);
  }
}

/** Gives every product already in the mirror the low-stock key of today's rule. */
async function recomputeLowStockGaps(transaction: Transaction): Promise<void> {
  await transaction
    .table<ProductRecord>('products')
    .toCollection()
    .modify((product) => {
      const { lowStockGap } = withDerivedKeys(product) as ProductRecord;
      if (lowStockGap === undefined) delete product.lowStockGap;
      else product.lowStockGap = lowStockGap;
    });
}

/** The app-wide database instance. Tests create their own `new AppDatabase(name)` with fake-indexeddb. */
export const db = new AppDatabase();
