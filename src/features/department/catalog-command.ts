import {
  db as defaultDb,
  type AppDatabase,
  type OrderRecord,
  type ProductRecord,
} from '../../db/database.ts';
import { catalogRetryEditsSchema, type ProductFields } from '../../../domain/catalog-outbox.ts';
import { outboxMessages } from '../../../domain/outbox.ts';
import { CommandError } from '../../sync/command-error.ts';
import { enqueue, type EntryDraft, type MirrorStep } from '../../sync/outbox.ts';
import type { RetryEdits } from '../../sync/registry.ts';
// Declares the department's mirrored lists in the sync registry before any command queues a write.
import './data/offline-entities.ts';
import { serverNowMs } from '../../sync/server-clock.ts';

/**
 * What every catalog write command (products/commands/, orders/commands/) shares, generic over the
 * department (docs/offline-model.md, "Writes"). Each command writes its optimistic change to the
 * mirror AND its outbox entry in ONE Dexie transaction: either both are committed or neither (a
 * thrown error rolls both back). Record ids are client UUIDs, so a new order or product has the
 * same id before and after sync. The entry keeps the steps that undo the change (stock by deltas)
 * for a permanent rejection.
 *
 * Commands never talk to the network; the sync engine notices the new entry and sends it.
 */

export interface CommandDeps {
  db?: AppDatabase;
  now?: () => number;
  uuid?: () => string;
}

export interface CommandContext {
  db: AppDatabase;
  now: () => number;
  uuid: () => string;
}

export interface CommandResult {
  /** The id of the order or product the command created, changed or deleted. */
  id: string;
  /** The outbox entry (and Idempotency-Key) that carries the change to the server. */
  entryId: string;
}

type WithoutOwner<T> = T extends unknown ? Omit<T, 'id' | 'userId' | 'department'> : never;

/**
 * The entry a command queues, less what `queueCommand` fills in (the signed-in user and the
 * department). `id` is the entry's id (its Idempotency-Key), taken by the command from
 * `context.uuid()` so it can mark the records it changed with it; `entityId` is the record the
 * command's result names.
 */
export type QueuedChange = WithoutOwner<EntryDraft> & { id: string };

function contextOf(deps: CommandDeps = {}): CommandContext {
  return {
    db: deps.db ?? defaultDb,
    // Mirror rows are stamped on the server's clock (decision 0026), as the server will stamp them.
    now: deps.now ?? serverNowMs,
    uuid: deps.uuid ?? (() => crypto.randomUUID()),
  };
}

async function signedInUserId(db: AppDatabase): Promise<string> {
  const session = await db.session.get('current');
  if (!session) throw new CommandError('signedOut', outboxMessages.notSignedIn);
  return session.user._id;
}

/**
 * Runs a command of `dept` as the signed-in user: `change` makes the optimistic change to the
 * mirror and returns the entry that carries it, which is then queued, all in the one transaction
 * over the session, the mirror and the outbox (so the change and its entry commit together or
 * not at all). Resolves to the record's id and the entry's id.
 */
export function queueCommand(
  dept: string,
  deps: CommandDeps | undefined,
  change: (context: CommandContext) => Promise<QueuedChange>,
): Promise<CommandResult> {
  const context = contextOf(deps);
  const { db } = context;
  return db.transaction('rw', [db.session, db.products, db.orders, db.outbox], async () => {
    const userId = await signedInUserId(db);
    const entry = await change(context);
    // The entry's createdAt is when the user made it, on the device's own clock (sent as x-made-at).
    await enqueue(
      db,
      { ...entry, userId, department: dept },
      { ...context, now: deps?.now ?? Date.now },
    );
    return { id: entry.entityId, entryId: entry.id };
  });
}

export function requireQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new CommandError('invalid', outboxMessages.quantityMin);
}

/** The rollback step that moves a product's local stock by `by` units. */
export function stockStep(productId: string, by: number): MirrorStep {
  return { op: 'increment', table: 'products', key: productId, field: 'quantity', by };
}

/** The department's product from the mirror; a product of another department counts as missing. */
export async function productOf(
  db: AppDatabase,
  dept: string,
  productId: string,
): Promise<ProductRecord> {
  const product = await db.products.get(productId);
  if (!product || product.department !== dept) {
    throw new CommandError('productNotFound', outboxMessages.productNotFound);
  }
  return product;
}

/** The department's order from the mirror; an order of another department counts as missing. */
export async function orderOf(
  db: AppDatabase,
  dept: string,
  orderId: string,
): Promise<OrderRecord> {
  const order = await db.orders.get(orderId);
  if (!order || order.department !== dept) {
    throw new CommandError('orderNotFound', outboxMessages.orderNotFound);
  }
  return order;
}

/** A retry's edits (sync status: Retry after editing) as product fields; anything else is ignored. */
export function retryEditsOf(edits: RetryEdits): Partial<ProductFields> {
  const parsed = catalogRetryEditsSchema.safeParse(edits);
  return parsed.success ? parsed.data : {};
}
