import {
  db as defaultDb,
  type AppDatabase,
  type OrderRecord,
  type ProductRecord,
} from '../../../db/database.ts';
import { departments, isDepartmentId } from '../../../../domain/departments.ts';
import type { ProductFields } from '../../../../domain/catalog-outbox.ts';
import { outboxMessages } from '../../../../domain/outbox.ts';
import { CommandError, nothingToRetry } from '../../../sync/command-error.ts';
import { enqueue, type MirrorStep, type MultipartBody } from '../../../sync/outbox.ts';
import { retryFailed } from '../../../sync/retry.ts';
// Declares the catalog's lists and writes in the sync registry before any command queues one.
import './offline-entities.ts';

/**
 * Catalog write commands, generic over the department (DESIGN.md section 3, "Writes"). Each one
 * writes its optimistic change to the mirror AND its outbox entry in ONE Dexie transaction: either
 * both are committed or neither (a thrown error rolls both back). Record ids are client UUIDs, so a
 * new order or product has the same id before and after sync. The entry keeps the steps that undo
 * the change (stock by deltas) for a permanent rejection.
 *
 * Commands never talk to the network; the sync engine notices the new entry and sends it.
 */

export interface CommandDeps {
  db?: AppDatabase;
  now?: () => number;
  uuid?: () => string;
}

export { CommandError };

export interface CommandResult {
  /** The id of the order or product the command created, changed or deleted. */
  id: string;
  /** The outbox entry (and Idempotency-Key) that carries the change to the server. */
  entryId: string;
}

interface Ctx {
  db: AppDatabase;
  now: () => number;
  uuid: () => string;
}

function ctxOf(deps: CommandDeps = {}): Ctx {
  return {
    db: deps.db ?? defaultDb,
    now: deps.now ?? Date.now,
    uuid: deps.uuid ?? (() => crypto.randomUUID()),
  };
}

async function signedInUserId(db: AppDatabase): Promise<string> {
  const session = await db.session.get('current');
  if (!session) throw new CommandError('signedOut', outboxMessages.notSignedIn);
  return session.user._id;
}

function requireQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new CommandError('invalid', outboxMessages.quantityMin);
}

function tablesOf(db: AppDatabase) {
  return [db.session, db.products, db.orders, db.outbox];
}

/**
 * Runs a command's body in the one transaction over the session, the mirror and the outbox (so
 * the optimistic change and its outbox entry commit together or not at all), as the signed-in user.
 */
function writeCommand<T>(ctx: Ctx, body: (userId: string) => Promise<T>): Promise<T> {
  const { db } = ctx;
  return db.transaction('rw', tablesOf(db), async () => body(await signedInUserId(db)));
}

/** The rollback step that moves a product's local stock by `by` units. */
function stockStep(productId: string, by: number): MirrorStep {
  return { op: 'increment', table: 'products', key: productId, field: 'quantity', by };
}

/** The department's product from the mirror; a product of another department counts as missing. */
async function productOf(db: AppDatabase, dept: string, productId: string): Promise<ProductRecord> {
  const product = await db.products.get(productId);
  if (!product || product.department !== dept) {
    throw new CommandError('productNotFound', outboxMessages.productNotFound);
  }
  return product;
}

/** The department's order from the mirror; an order of another department counts as missing. */
async function orderOf(db: AppDatabase, dept: string, orderId: string): Promise<OrderRecord> {
  const order = await db.orders.get(orderId);
  if (!order || order.department !== dept) {
    throw new CommandError('orderNotFound', outboxMessages.orderNotFound);
  }
  return order;
}

// ---------------------------------------------------------------- orders

export interface PlaceOrderInput {
  productId: string;
  quantity: number;
  /** Normally left out (a new UUID); set when re-running a failed order. */
  orderId?: string;
}

/** Places an order: a local order row (status pending) and the product's local stock reduced. */
export async function placeOrder(
  dept: string,
  input: PlaceOrderInput,
  deps?: CommandDeps,
): Promise<CommandResult> {
  const ctx = ctxOf(deps);
  const { db } = ctx;
  requireQuantity(input.quantity);
  return writeCommand(ctx, async (userId) => {
    const product = await productOf(db, dept, input.productId);
    if (input.quantity > product.quantity)
      throw new CommandError('stock', outboxMessages.stockExceeded);
    const orderId = input.orderId ?? ctx.uuid();
    const entryId = ctx.uuid();
    const stamp = new Date(ctx.now()).toISOString();
    const order: OrderRecord = {
      _id: orderId,
      department: dept,
      orderId: null,
      productId: product._id,
      productName: product.name,
      quantity: input.quantity,
      price: product.price,
      total: product.price * input.quantity,
      status: 'pending',
      createdAt: stamp,
      updatedAt: stamp,
      pendingOutboxId: entryId,
    };
    await db.orders.add(order);
    await db.products.update(product._id, { quantity: product.quantity - input.quantity });
    await enqueue(
      db,
      {
        id: entryId,
        userId,
        kind: 'order.create',
        department: dept,
        body: { _id: orderId, productId: product._id, quantity: input.quantity },
        entityId: orderId,
        touches: [orderId, product._id],
        rollback: [
          { op: 'delete', table: 'orders', key: orderId },
          stockStep(product._id, input.quantity),
        ],
        label: {
          key: 'sync.op.placeOrder',
          values: { product: product.name, quantity: input.quantity },
        },
        input: { productId: product._id, quantity: input.quantity, orderId },
      },
      ctx,
    );
    return { id: orderId, entryId };
  });
}

/** Changes an order's quantity; local stock moves by the difference. */
export async function editOrderQuantity(
  dept: string,
  orderId: string,
  quantity: number,
  deps?: CommandDeps,
): Promise<CommandResult> {
  const ctx = ctxOf(deps);
  const { db } = ctx;
  requireQuantity(quantity);
  return writeCommand(ctx, async (userId) => {
    const order = await orderOf(db, dept, orderId);
    const product = await db.products.get(order.productId);
    const delta = quantity - order.quantity;
    // Without a local product row the server alone can judge the stock.
    if (product && delta > product.quantity)
      throw new CommandError('stock', outboxMessages.stockExceeded);
    const entryId = ctx.uuid();
    await db.orders.update(orderId, {
      quantity,
      total: order.price * quantity,
      updatedAt: new Date(ctx.now()).toISOString(),
      pendingOutboxId: entryId,
    });
    const rollback: MirrorStep[] = [
      {
        op: 'patch',
        table: 'orders',
        key: orderId,
        changes: {
          quantity: order.quantity,
          total: order.total,
          updatedAt: order.updatedAt,
          pendingOutboxId: order.pendingOutboxId ?? null,
        },
      },
    ];
    if (product) {
      await db.products.update(product._id, { quantity: product.quantity - delta });
      rollback.push(stockStep(product._id, delta));
    }
    await enqueue(
      db,
      {
        id: entryId,
        userId,
        kind: 'order.update',
        department: dept,
        body: { quantity },
        entityId: orderId,
        touches: [orderId, order.productId],
        rollback,
        label: { key: 'sync.op.editOrder', values: { product: order.productName, quantity } },
        input: { orderId, quantity },
      },
      ctx,
    );
    return { id: orderId, entryId };
  });
}

/** Deletes an order; its quantity returns to the local stock. */
export async function deleteOrder(
  dept: string,
  orderId: string,
  deps?: CommandDeps,
): Promise<CommandResult> {
  const ctx = ctxOf(deps);
  const { db } = ctx;
  return writeCommand(ctx, async (userId) => {
    const order = await orderOf(db, dept, orderId);
    const product = await db.products.get(order.productId);
    const entryId = ctx.uuid();
    await db.orders.delete(orderId);
    const rollback: MirrorStep[] = [{ op: 'put', table: 'orders', value: { ...order } }];
    if (product) {
      await db.products.update(product._id, { quantity: product.quantity + order.quantity });
      rollback.push(stockStep(product._id, -order.quantity));
    }
    await enqueue(
      db,
      {
        id: entryId,
        userId,
        kind: 'order.delete',
        department: dept,
        body: undefined,
        entityId: orderId,
        touches: [orderId, order.productId],
        rollback,
        label: {
          key: 'sync.op.deleteOrder',
          values: { product: order.productName, quantity: order.quantity },
        },
        input: { orderId },
      },
      ctx,
    );
    return { id: orderId, entryId };
  });
}

// ---------------------------------------------------------------- products

export type { ProductFields };

export interface CreateProductInput extends ProductFields {
  /** The picture for departments with images; kept as a Blob in the outbox until sent. */
  image?: Blob | null;
  /** Normally left out (a new UUID); set when re-running a failed create. */
  productId?: string;
}

const extraFieldNames = ['location', 'condition', 'nutrients'] as const;

function extrasOf(
  fields: Partial<ProductFields>,
): Partial<Pick<ProductFields, 'location' | 'condition' | 'nutrients'>> {
  const extras: Partial<Pick<ProductFields, 'location' | 'condition' | 'nutrients'>> = {};
  for (const name of extraFieldNames) if (fields[name] !== undefined) extras[name] = fields[name];
  return extras;
}

function hasImages(dept: string): boolean {
  return isDepartmentId(dept) ? departments[dept].hasImage : false;
}

/** Creates a product (admin). Departments with images send multipart, godown sends JSON. */
export async function createProduct(
  dept: string,
  input: CreateProductInput,
  deps?: CommandDeps,
): Promise<CommandResult> {
  const ctx = ctxOf(deps);
  const { db } = ctx;
  return writeCommand(ctx, async (userId) => {
    const productId = input.productId ?? ctx.uuid();
    const entryId = ctx.uuid();
    const stamp = new Date(ctx.now()).toISOString();
    const extras = extrasOf(input);
    const product: ProductRecord = {
      _id: productId,
      department: dept,
      name: input.name,
      description: input.description,
      price: input.price,
      quantity: input.quantity,
      image: null,
      ...extras,
      version: 0,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await db.products.add(product);
    const plain = {
      _id: productId,
      name: input.name,
      description: input.description,
      price: input.price,
      quantity: input.quantity,
      ...extras,
    };
    let body: unknown = plain;
    if (hasImages(dept)) {
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(plain))
        if (value !== undefined && value !== null) fields[name] = String(value);
      const multipart: MultipartBody = {
        multipart: true,
        fields,
        files: input.image ? { image: input.image } : {},
      };
      body = multipart;
    }
    await enqueue(
      db,
      {
        id: entryId,
        userId,
        kind: 'product.create',
        department: dept,
        body,
        entityId: productId,
        touches: [productId],
        rollback: [{ op: 'delete', table: 'products', key: productId }],
        label: { key: 'sync.op.createProduct', values: { product: input.name } },
        input: { ...input, productId },
      },
      ctx,
    );
    return { id: productId, entryId };
  });
}

/** What an edit changes, plus the version of the product the editor opened (when known). */
export type ProductChanges = Partial<ProductFields> & {
  /** The version the edit form was opened with. */
  baseVersion?: number;
  /** The quantity the edit form was opened with; an unchanged quantity leaves the stock alone. */
  baseQuantity?: number;
};

/**
 * Edits a product (admin). The body carries the version the editor saw (`baseVersion`): the
 * server answers 409 when the quantity was edited on a stale version; other fields are
 * last-writer-wins. Pass `baseVersion` from the record the edit form was opened with: a pull
 * while the form is open must make a quantity edit a conflict, not quietly base it on the new
 * version (which would overwrite the stock the pull brought). Without it, the mirror's current
 * version is used.
 *
 * Invariant: the entry's `input.changes` holds only the fields the edit really changed, so a
 * Retry after a stale-quantity 409 re-applies them onto the server's fresh state and never
 * replays an old, unchanged quantity over orders placed meanwhile.
 */
export async function updateProduct(
  dept: string,
  productId: string,
  changes: ProductChanges,
  deps?: CommandDeps,
): Promise<CommandResult> {
  const ctx = ctxOf(deps);
  const { db } = ctx;
  return writeCommand(ctx, async (userId) => {
    const product = await productOf(db, dept, productId);
    const { baseVersion, baseQuantity, ...fields } = changes;
    // The stock the editor saw. A form that still shows it did not edit the stock, even when a pull
    // has since brought a different quantity into the mirror.
    const seenQuantity = baseQuantity ?? product.quantity;
    if (fields.quantity === seenQuantity) delete fields.quantity;
    const changed: Partial<ProductFields> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== (product[name as keyof ProductRecord] ?? null)) {
        Object.assign(changed, { [name]: value });
      }
    }
    const next = { ...product, ...changed };
    const entryId = ctx.uuid();
    const patch: Record<string, unknown> = { updatedAt: new Date(ctx.now()).toISOString() };
    const undo: Record<string, unknown> = { updatedAt: product.updatedAt };
    for (const [name, value] of Object.entries(changed)) {
      if (name === 'quantity') continue;
      patch[name] = value;
      undo[name] = product[name as keyof ProductRecord] ?? null;
    }
    const quantityDelta = next.quantity - product.quantity;
    patch.quantity = next.quantity;
    await db.products.update(productId, patch);
    const rollback: MirrorStep[] = [
      { op: 'patch', table: 'products', key: productId, changes: undo },
    ];
    if (quantityDelta !== 0) {
      rollback.push(stockStep(productId, -quantityDelta));
    }
    await enqueue(
      db,
      {
        id: entryId,
        userId,
        kind: 'product.update',
        department: dept,
        body: {
          name: next.name,
          description: next.description,
          price: next.price,
          quantity: changed.quantity ?? seenQuantity,
          ...extrasOf(next),
          baseVersion: baseVersion ?? product.version,
          baseQuantity: seenQuantity,
        },
        entityId: productId,
        touches: [productId],
        rollback,
        label: { key: 'sync.op.updateProduct', values: { product: next.name } },
        input: { productId, changes: changed },
      },
      ctx,
    );
    return { id: productId, entryId };
  });
}

/** Deletes a product (admin). */
export async function deleteProduct(
  dept: string,
  productId: string,
  deps?: CommandDeps,
): Promise<CommandResult> {
  const ctx = ctxOf(deps);
  const { db } = ctx;
  return writeCommand(ctx, async (userId) => {
    const product = await productOf(db, dept, productId);
    const entryId = ctx.uuid();
    await db.products.delete(productId);
    await enqueue(
      db,
      {
        id: entryId,
        userId,
        kind: 'product.delete',
        department: dept,
        body: undefined,
        entityId: productId,
        touches: [productId],
        rollback: [{ op: 'put', table: 'products', value: { ...product } }],
        label: { key: 'sync.op.deleteProduct', values: { product: product.name } },
        input: { productId },
      },
      ctx,
    );
    return { id: productId, entryId };
  });
}

// ---------------------------------------------------------------- retry after editing

/** Edits a failed entry may take before it is re-run: a new order quantity or product fields. */
export type RetryEdits = Partial<ProductFields>;

/**
 * Re-runs a failed catalog command (Retry, optionally after editing) through the registry's
 * generic retry (src/sync/retry.ts): the failed entry is removed and the command runs again for
 * the same record, with a new Idempotency-Key. Throws CommandError when the command is refused
 * locally; the failed entry then stays.
 */
export async function retryFailedCommand(
  entryId: string,
  edits: RetryEdits = {},
  deps?: CommandDeps,
): Promise<CommandResult> {
  const result = await retryFailed(entryId, edits, deps);
  if (!isCommandResult(result)) throw new CommandError('invalid', nothingToRetry);
  return result;
}

function isCommandResult(value: unknown): value is CommandResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { entryId?: unknown }).entryId === 'string'
  );
}
