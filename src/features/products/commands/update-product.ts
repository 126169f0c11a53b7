import type { ProductRecord } from '../../../db/database.ts';
import type { ProductFields } from '../../../../domain/catalog-outbox.ts';
import type { MirrorStep } from '../../../sync/outbox.ts';
import {
  productOf,
  queueCommand,
  stockStep,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';
import { assertBarcodeFreeInMirror, extrasOf, inventoryOf } from './product-extras.ts';
// Declares the product writes in the sync registry before this command queues one.
import '../data/offline-entities.ts';

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
  return queueCommand(dept, deps, async ({ db, now, uuid }) => {
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
    if ('barcode' in changed) await assertBarcodeFreeInMirror(db, dept, changed.barcode, productId);
    const next = { ...product, ...changed };
    const entryId = uuid();
    const patch: Record<string, unknown> = { updatedAt: new Date(now()).toISOString() };
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
    return {
      id: entryId,
      kind: 'product.update',
      body: {
        name: next.name,
        description: next.description,
        price: next.price,
        quantity: changed.quantity ?? seenQuantity,
        ...extrasOf(next),
        // Only when this edit changed them: a field left as the mirror had it is kept by the
        // server, so an edit from a stale mirror never clears a barcode set meanwhile.
        ...inventoryOf(changed),
        baseVersion: baseVersion ?? product.version,
        baseQuantity: seenQuantity,
      },
      entityId: productId,
      touches: [productId],
      rollback,
      label: { key: 'sync.op.updateProduct', values: { product: next.name } },
      input: { productId, changes: changed },
    };
  });
}
