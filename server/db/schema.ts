import type { ColumnType } from 'kysely';
import type { Category, Role } from '../../domain/users.ts';

/**
 * Kysely table types: one interface per table plus `DatabaseSchema`.
 * Invariants for every table: `id` is a text UUID (`_id` in JSON), column names are camelCase,
 * timestamps are ISO-8601 UTC text, money is whole Tanzanian shillings (integer).
 *
 * This file holds the tables several modules read. A table only one module reads and writes is
 * declared in that module's `tables.ts`, which adds it to `DatabaseSchema` by interface merging
 * (server/modules/stock-counts/tables.ts; decision 0032), so a new module's table touches no
 * shared file.
 */

export interface UsersTable {
  id: string;
  /** Always stored lower-cased and trimmed, so the unique index is case-insensitive. */
  email: string;
  /** scrypt string from server/modules/users/password.ts; never leaves the server. */
  passwordHash: string;
  role: Role;
  category: Category;
  /** Incremented on every edit; a token whose `ver` differs is rejected. */
  tokenVersion: number;
  createdAt: string;
  updatedAt: string;
}

/** Products of the product departments (migration 0002-catalog). */
export interface ProductsTable {
  id: string;
  department: string;
  name: string;
  description: string;
  /** Unit price, whole shillings. */
  price: number;
  /** Never negative (CHECK); changed by the server only, atomically. */
  quantity: number;
  imageId: string | null;
  location: string | null;
  condition: string | null;
  nutrients: string | null;
  /** Unique among the department's live products (migration 0011); null: none. */
  barcode: ColumnType<string | null, string | null | undefined, string | null>;
  /** At or below it the product is on 'Low stock'; null: the department's default (domain/low-stock.ts). */
  reorderLevel: ColumnType<number | null, number | null | undefined, number | null>;
  /** Incremented on every change; product edits carry the version the editor saw. */
  version: number;
  /** Set on delete: the row stays as a tombstone for incremental pulls. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Orders of the product departments. The primary key is (department, id) (migration
 * 0010-orders-per-department): a client-made id is unique within its department only.
 */
export interface OrdersTable {
  id: string;
  department: string;
  /** Per-department sequence number behind `orderId`. */
  orderNumber: number;
  /** Human id, e.g. ORD-HW-000123; unique. */
  orderId: string;
  productId: string;
  productName: string;
  quantity: number;
  /** Unit price taken from the product when the order was placed. */
  price: number;
  /** price × quantity, computed by the server. */
  total: number;
  status: string;
  userId: string;
  /** The sale this order is a line of, and its human number; null for a single order (0016). */
  saleId: string | null;
  saleNumber: string | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Each department's last order number. Advanced on SQLite only: on PostgreSQL, from migration
 * 0014 on, the numbers come from one SEQUENCE per department (`next_order_number(department)`),
 * which continued from these rows (decision 0033).
 */
export interface OrderSequencesTable {
  department: string;
  lastNumber: number;
}

export interface ImagesTable {
  id: string;
  contentType: string;
  bytes: Uint8Array;
  size: number;
  createdAt: string;
}

/** Idempotency-Key records, written in the same transaction as the change they describe. */
export interface IdempotencyKeysTable {
  key: string;
  userId: string;
  method: string;
  path: string;
  bodyHash: string;
  state: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: string;
}

/** Public contact form messages (migration 0003-contact); plain text, never HTML. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  contact: string;
  /** 'email' or 'phone', from domain/contact.ts classifyContact. */
  contactKind: string;
  message: string;
  createdAt: string;
  /** When an admin marked it read in the inbox; null = unread (migration 0009-settings-support). */
  readAt: string | null;
}

/** Printing orders, print jobs (migration 0005-printing-orders). */
export interface PrintingOrdersTable {
  id: string;
  /** Always 'printing': the list's department for list_versions, pulls and counters. */
  department: string;
  /** The printing department's sequence number behind `receiptNumber`. */
  receiptSequence: number;
  /** Human receipt number, e.g. PR-000123; unique. */
  receiptNumber: string;
  description: string;
  /** Price per item, whole shillings. */
  price: number;
  quantity: number;
  /** price × quantity, computed by the server. */
  totalPrice: number;
  /** '+255XXXXXXXXX' (domain/printing.ts normaliseTanzanianPhone). */
  contact: string;
  /** One of domain/printing.ts printingCategories. */
  category: string;
  userId: string;
  /** Incremented on every change. */
  version: number;
  /** Set on delete: the row stays as a tombstone for incremental pulls. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Change version per (department, list) (migration 0004-list-versions). Raised by triggers in the
 * same transaction as every insert, update or delete of the list's rows; in commit order on
 * PostgreSQL. `list` is the table name: 'products', 'orders' or 'printing_orders'.
 */
export interface ListVersionsTable {
  department: string;
  list: string;
  version: number;
  /** PostgreSQL: which of the list's counters (a version is their sum); SQLite: always 0. */
  shard: ColumnType<number, number | undefined, number>;
  /** PostgreSQL only: the transaction that bumped last (bump once per transaction). */
  lastTx: number | null;
}

/** Rate-limit counters shared by all API processes (migration 0006-rate-limits). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Start of the current window, milliseconds since the epoch. */
  windowStart: number;
}

/** The audit trail (migration 0007-audit-log). */
export interface AuditLogTable {
  id: string;
  /** When the server applied the change (ISO UTC). */
  at: string;
  /** When the user made it on their device, if the client said (offline writes). */
  madeAt: string | null;
  userId: string;
  userEmail: string;
  action: string;
  entity: string;
  entityId: string;
  department: string | null;
  /** JSON {field: {before, after}}. */
  changes: string;
}

/** Movement logs of stock transfers (migration 0008-movement-logs); written once, never edited. */
export interface MovementLogsTable {
  id: string;
  /** The department whose products moved: the list's department for list_versions and pulls. */
  department: string;
  /** UUID, unique; the same as `id`. */
  transactionId: string;
  /** The product the stock left (at `origin`). */
  productId: string;
  productName: string;
  /** The product the stock went to (merged into or created at `destination`). */
  destinationProductId: string;
  origin: string;
  destination: string;
  transferQuantity: number;
  reason: string;
  userId: string;
  userEmail: string;
  transferDate: string;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Company settings (migration 0009-settings-support): one row, id 'company', a mirrored list of
 * one item whose `department` is always 'all'.
 */
export interface SettingsTable {
  id: string;
  department: string;
  name: string;
  address: string;
  phone: string;
  /** Taxpayer Identification Number. */
  tin: string;
  receiptFooter: string;
  version: number;
  /** Every mirrored list has it (serve-list.ts); never set. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Help & Support messages from signed-in users (migration 0009-settings-support); plain text. */
export interface SupportMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string;
  /** null = unread. */
  readAt: string | null;
  createdAt: string;
}

/**
 * Every table Kysely knows. An interface, not a type, so a module's `tables.ts` can add its own
 * tables with `declare module '../../db/schema.ts'`.
 */
export interface DatabaseSchema {
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  users: UsersTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_sequences: OrderSequencesTable;
  images: ImagesTable;
  idempotency_keys: IdempotencyKeysTable;
  contact_messages: ContactMessagesTable;
  list_versions: ListVersionsTable;
  printing_orders: PrintingOrdersTable;
  settings: SettingsTable;
  support_messages: SupportMessagesTable;
  movement_logs: MovementLogsTable;
}
