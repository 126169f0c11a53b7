import type { AppDatabase, OrderRecord, ProductRecord } from '../../db/database.ts';
import { catalogRetryEditsSchema, type ProductFields } from '../../../domain/catalog-outbox.ts';
import { outboxMessages } from '../../../domain/outbox.ts';
import { CommandError } from '../../sync/command-error.ts';
import type { MirrorStep } from '../../sync/outbox.ts';
import type { RetryEdits } from '../../sync/registry.ts';

/**
 * What every catalog write command (products/commands/, orders/commands/) shares, generic over the
 * department (docs/offline-model.md, "Writes"). Each command runs through `runCommand`
 * (src/sync/run-command.ts, decision 0030) over `catalogTables`: its optimistic change to the
 * mirror and its outbox entry commit together or not at all. The entry keeps the steps that undo
 * the change (stock by deltas) for a permanent rejection.
 */

export type { CommandDeps, CommandResult } from '../../sync/run-command.ts';

/** The mirror tables a catalog write spans: the department's products and orders. */
export function catalogTables(db: AppDatabase) {
  return [db.products, db.orders];
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
