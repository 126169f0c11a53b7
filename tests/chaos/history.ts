import type { FaultCounts } from './fault-model.ts';

/**
 * What a chaos run records (decision 0027): what the tablets and the admin issued, what the
 * tablets still hold at the end, and what the server holds, read from its SQLite file. Plain
 * data, so check-history.ts is a pure function over it and unit-tested with hand-made histories.
 */

/** An order a tablet placed through its screens; `orderId` is the client-made id (entityId). */
export interface TabletOrderOp {
  tablet: string;
  userId: string;
  department: string;
  orderId: string;
  productId: string;
  quantity: number;
}

/** A print job a printing tablet submitted through its form; `jobId` is the client-made id. */
export interface TabletPrintJobOp {
  tablet: string;
  userId: string;
  jobId: string;
  quantity: number;
  price: number;
}

/** A stock count write a tablet queued: the start (its client-made id) or the submission. */
export interface TabletCountOp {
  tablet: string;
  userId: string;
  kind: 'start' | 'submit';
  countId: string;
  location: string;
}

/** An admin's apply of a submitted count (online, with an Idempotency-Key). */
export interface AdminCountApplyOp {
  key: string;
  countId: string;
  outcome: AdminOutcome;
}

/** An entry left in a tablet's outbox at the end (src/db/database.ts OutboxEntry). */
export interface OutboxSnapshotEntry {
  id: string;
  kind?: string | undefined;
  entityId?: string | undefined;
  status: string;
  lastError?: string | null | undefined;
}

/** How an admin call ended: the HTTP status and body, or no answer after every retry. */
export type AdminOutcome = { status: number; body?: unknown } | { status: 'unknown' };

/** A product edit by an admin: what the editor saw at `baseVersion` and what it sent. */
export interface AdminEditOp {
  key: string;
  userId: string;
  department: string;
  productId: string;
  baseVersion: number;
  /** Field values the editor saw at `baseVersion`. */
  seen: Record<string, unknown>;
  /** Field values it sent. */
  sent: Record<string, unknown>;
  /** Its X-Made-At header, unique per edit: how its audit entry is found. */
  madeAt: string;
  outcome: AdminOutcome;
}

/** A stock transfer by an admin; `transferId` is the client-made movement log id. */
export interface AdminTransferOp {
  key: string;
  transferId: string;
  productId: string;
  quantity: number;
  outcome: AdminOutcome;
}

export interface ServerOrder {
  id: string;
  department: string;
  productId: string;
  quantity: number;
  userId: string;
  deletedAt: string | null;
}

export interface ServerProduct {
  id: string;
  department: string;
  name: string;
  price: number;
  quantity: number;
  version: number;
  deletedAt: string | null;
}

export interface ServerKey {
  key: string;
  userId: string;
  state: string;
  statusCode: number | null;
}

/** An audit entry in commit order (`seq`, the row's insertion order). */
export interface AuditRow {
  seq: number;
  action: string;
  entity: string;
  entityId: string;
  userId: string;
  madeAt: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface ServerMovement {
  id: string;
  productId: string;
  destinationProductId: string;
  transferQuantity: number;
  /** 'stock count' for a count's adjustment (then not an admin transfer). */
  reason: string;
}

export interface ServerPrintJob {
  id: string;
  userId: string;
  quantity: number;
  price: number;
  receiptNumber: string;
  version: number;
  deletedAt: string | null;
}

export interface ServerStockCount {
  id: string;
  location: string;
  status: string;
  submittedAt: string | null;
  closedAt: string | null;
  startedBy: string;
}

/** A line of a count; `adjustment` is set once the count is applied. */
export interface ServerCountLine {
  countId: string;
  productId: string;
  counted: number | null;
  adjustment: number | null;
}

export interface ServerState {
  orders: ServerOrder[];
  printJobs: ServerPrintJob[];
  counts: ServerStockCount[];
  countLines: ServerCountLine[];
  products: ServerProduct[];
  keys: ServerKey[];
  audit: AuditRow[];
  movements: ServerMovement[];
}

/** A tablet's mirror of its department after the final sync. */
export interface MirrorSnapshot {
  tablet: string;
  department: string;
  products: { _id: string; name: string; price: number; quantity: number; version: number }[];
  orders: { _id: string; productId: string; quantity: number }[];
  /** The printing department's mirrored print jobs (printing tablets only). */
  printJobs?: { _id: string; quantity: number; receiptNumber: string | null }[];
}

export interface ChaosHistory {
  seed: number;
  tabletOrders: TabletOrderOp[];
  /** Each tablet's outbox at the end (done entries are deleted, so only what is left). */
  outboxes: Record<string, OutboxSnapshotEntry[]>;
  adminEdits: AdminEditOp[];
  adminTransfers: AdminTransferOp[];
  tabletPrintJobs: TabletPrintJobOp[];
  tabletCounts: TabletCountOp[];
  adminCountApplies: AdminCountApplyOp[];
  /**
   * Times a tablet's user signed in again: after the app ended the expired session (the login
   * screen), or from 'Sign in again' when a 401 paused the queue; and how many of them found
   * writes still queued.
   */
  reSignIns: { login: number; paused: number; withQueued: number };
  /** Times an admin signed in again after a 401 from the API. */
  adminReLogins: number;
  /** User ids of the tablets' employees: every order of theirs must have been issued. */
  tabletUserIds: string[];
  server: ServerState;
  mirrors: MirrorSnapshot[];
  faults: FaultCounts;
  restarts: number;
  kills: number;
  /** Healing → every outbox drained and every mirror equal; null: not within the deadline. */
  convergenceMs: number | null;
  /** Steps the harness could not complete (a screen that did not answer), for the figures. */
  harnessErrors: number;
}

export type Rule = 'a' | 'b' | 'c' | 'd' | 'e';

export interface Violation {
  rule: Rule;
  message: string;
}
