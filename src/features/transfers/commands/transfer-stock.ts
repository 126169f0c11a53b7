import { departments, isProductDepartmentId } from '../../../../domain/departments.ts';
import { godownCondition } from '../../../../domain/stock.ts';
import { transferInputSchema, transferMessages } from '../../../../domain/transfers.ts';
import { sameLocation } from '../../../../domain/product-locations.ts';
import type { AppDatabase, MovementLogRecord, ProductRecord } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { unresolvedStatuses, type MirrorStep } from '../../../sync/outbox.ts';
import {
  runCommand,
  type CommandContext,
  type CommandDeps,
  type CommandResult,
  type QueuedChange,
} from '../../../sync/run-command.ts';
import { departmentProducts } from '../../department/product-list.ts';

export type { CommandDeps, CommandResult };

/** What the transfer form sends; the origin is always the product's own location. */
export interface TransferFields {
  productId: string;
  transferQuantity: unknown;
  destination: unknown;
  reason?: unknown;
  /** Normally left out (a new UUID); a retry keeps the failed transfer's id. */
  logId?: string;
}

function increment(table: string, key: string, by: number): MirrorStep {
  return { op: 'increment', table, key, field: 'quantity', by };
}

/** The department's product of the same name at `location` (case-insensitive), if mirrored. */
async function productAt(
  db: AppDatabase,
  dept: string,
  source: ProductRecord,
  location: string,
): Promise<ProductRecord | undefined> {
  const name = source.name.toLocaleLowerCase();
  return departmentProducts(dept, db)
    .filter(
      (row) =>
        row._id !== source._id &&
        row.name.toLocaleLowerCase() === name &&
        sameLocation(row.location, location),
    )
    .first();
}

/**
 * The log ids of unresolved transfers that created `productId` provisionally: a transfer onward
 * from that row depends on them (the outbox links entries through the ids they touch), so if
 * one is refused, the onward transfer fails and rolls back with it instead of being sent for a
 * product the server never created.
 */
async function creatorsOf(db: AppDatabase, productId: string): Promise<string[]> {
  const unresolved = await db.outbox.where('status').anyOf(unresolvedStatuses).toArray();
  return unresolved
    .filter((entry) => entry.kind === 'transfers.create' && entry.entityId !== undefined)
    .filter((entry) => {
      const input = entry.input as { destinationProductId?: unknown } | undefined;
      return input?.destinationProductId === productId;
    })
    .map((entry) => entry.entityId ?? '');
}

/**
 * Moves stock between two locations of `dept` (the transfer form; docs/server-behaviour.md, 'Stock transfer'), offline
 * first: in ONE Dexie transaction the origin row loses the units, the destination row (the same
 * name there, or a provisional row created under a client id the server will reuse) gains them,
 * a pending movement log is written and the entry for POST /{dept}/inventory-movement is queued.
 * The entry's rollback undoes exactly this by deltas (and deletes the provisional row and the
 * log), so a transfer the server refuses, e.g. because the stock moved meanwhile, leaves no trace.
 */
export async function transferStock(
  dept: string,
  fields: TransferFields,
  deps: CommandDeps = {},
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: (db) => [db.products, db.movementLogs],
      apply: (context) => moveStock(dept, fields, context),
    },
    deps,
  );
}

/** The transfer's checks and optimistic change, inside `runCommand`'s transaction. */
async function moveStock(
  dept: string,
  fields: TransferFields,
  { db, now, uuid, user }: CommandContext,
): Promise<QueuedChange> {
  const source = await db.products.get(fields.productId);
  if (!source || source.department !== dept) {
    throw new CommandError('productNotFound', transferMessages.productNotFound);
  }
  if (!isProductDepartmentId(dept)) {
    throw new CommandError('productNotFound', transferMessages.productNotFound);
  }
  const descriptor = departments[dept];
  const logId = fields.logId ?? uuid();
  const parsed = transferInputSchema.safeParse({
    productId: source._id,
    transferQuantity: fields.transferQuantity,
    origin: source.location ?? '',
    destination: fields.destination,
    reason: fields.reason,
    _id: logId,
  });
  if (!parsed.success) {
    throw new CommandError('invalid', parsed.error.issues[0]?.message ?? transferMessages.failed);
  }
  const input = parsed.data;
  const amount = input.transferQuantity;
  if (amount > source.quantity) throw new CommandError('stock', transferMessages.exceedsStock);

  const entryId = uuid();
  const creators = await creatorsOf(db, source._id);
  const stamp = new Date(now()).toISOString();
  const existing = await productAt(db, dept, source, input.destination);
  const rollback: MirrorStep[] = [{ op: 'delete', table: 'movementLogs', key: logId }];
  let destinationId: string;
  let destinationProductId: string | undefined;
  if (existing) {
    destinationId = existing._id;
    const quantity = existing.quantity + amount;
    await db.products.update(existing._id, {
      quantity,
      condition: godownCondition({ quantity, reorderLevel: existing.reorderLevel }, descriptor),
    });
    rollback.push(increment('products', existing._id, -amount));
  } else {
    // Provisional until the server creates it under the same id (or merges it and reports
    // this id deleted, when another device created the destination meanwhile).
    destinationId = uuid();
    destinationProductId = destinationId;
    await db.products.add({
      _id: destinationId,
      department: dept,
      name: source.name,
      description: source.description,
      price: source.price,
      quantity: amount,
      image: null,
      location: input.destination,
      condition: godownCondition({ quantity: amount }, descriptor),
      nutrients: source.nutrients ?? null,
      version: 0,
      createdAt: stamp,
      updatedAt: stamp,
    });
    rollback.push({ op: 'delete', table: 'products', key: destinationId });
  }
  const remaining = source.quantity - amount;
  await db.products.update(source._id, {
    quantity: remaining,
    condition: godownCondition(
      { quantity: remaining, reorderLevel: source.reorderLevel },
      descriptor,
    ),
  });
  rollback.push(increment('products', source._id, amount));

  const log: MovementLogRecord = {
    _id: logId,
    transactionId: logId,
    department: dept,
    productId: source._id,
    productName: source.name,
    destinationProductId: destinationId,
    origin: input.origin,
    destination: existing?.location ?? input.destination,
    transferQuantity: amount,
    reason: input.reason,
    userId: user._id,
    userEmail: user.email,
    transferDate: stamp,
    pendingOutboxId: entryId,
  };
  await db.movementLogs.add(log);

  const entryInput = { ...input, destinationProductId };
  return {
    id: entryId,
    kind: 'transfers.create',
    input: entryInput,
    body: {
      productId: input.productId,
      transferQuantity: amount,
      origin: input.origin,
      destination: input.destination,
      reason: input.reason,
      _id: logId,
      ...(destinationProductId ? { destinationProductId } : {}),
    },
    entityId: logId,
    touches: [logId, source._id, destinationId, ...creators],
    rollback,
    label: {
      key: 'transfers.op.move',
      values: { product: source.name, quantity: amount, destination: input.destination },
    },
  };
}
