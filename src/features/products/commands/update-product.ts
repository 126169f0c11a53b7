import { runCommand } from '../../../sync/run-command.ts';
import type { ProductRecord } from '../../../db/database.ts';
import type { ProductFields } from '../../../../domain/catalog-outbox.ts';
import {
  editValuesOfProduct,
  isProductEditField,
  sameEditValue,
  type EditValue,
  type ProductEditValues,
} from '../../../../domain/product-edit-merge.ts';
import type { MirrorStep } from '../../../sync/outbox.ts';
import {
  productOf,
  catalogTables,
  stockStep,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';
import { assertBarcodeFreeInMirror, extrasOf, inventoryOf } from './product-extras.ts';

/** What an edit changes, plus what the editor saw of the product (when known). */
export type ProductChanges = Partial<ProductFields> & {
  /** The version the edit form was opened with. */
  baseVersion?: number;
  /** The quantity the edit form was opened with; an unchanged quantity leaves the stock alone. */
  baseQuantity?: number;
  /**
   * The values the edit form was opened with, at `baseVersion` (decision 0025): the server merges
   * three ways with them, so an edit never silently overwrites a field someone else changed.
   */
  base?: ProductEditValues;
};

/**
 * Edits a product (admin). The body carries what the editor saw: `baseVersion` and `base`, the
 * values of the record the form was opened with. On a stale version the server merges: fields the
 * editor left as they were keep the server's values, fields only the editor changed apply, and a
 * field both changed to different values refuses the edit as a conflict. Pass both from the record
 * the form was opened with: a pull while the form is open must not make the editor's unchanged
 * fields look like edits over the newer values. With neither, the mirror's record is the base.
 * With a version but no base (an older caller) the server's older rule applies: a stale quantity
 * change is refused, other fields are last-writer-wins.
 *
 * Invariant: the entry's `input.changes` holds only the fields the edit really changed, so a
 * Retry re-applies them onto the server's fresh state and never replays an old, unchanged value
 * (a quantity over orders placed meanwhile, a price someone else set).
 */
export async function updateProduct(
  dept: string,
  productId: string,
  changes: ProductChanges,
  deps?: CommandDeps,
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: catalogTables,
      apply: async ({ db, now, uuid }) => {
        const product = await productOf(db, dept, productId);
        const { baseVersion, baseQuantity, base: givenBase, ...fields } = changes;
        const base =
          givenBase ?? (baseVersion === undefined ? editValuesOfProduct(product) : undefined);
        // The stock the editor saw. A form that still shows it did not edit the stock, even when a pull
        // has since brought a different quantity into the mirror.
        const seenQuantity = base?.quantity ?? baseQuantity ?? product.quantity;
        if (fields.quantity === seenQuantity) delete fields.quantity;
        // What the editor saw of a field: the base's value, else the mirror's (the fields the form
        // does not edit, or an edit without a base).
        const seen = (name: keyof ProductFields): EditValue | undefined =>
          base && isProductEditField(name) ? base[name] : product[name];
        const changed: Partial<ProductFields> = {};
        // The keys of a ProductFields object: Object.keys only widens them to string.
        for (const name of Object.keys(fields) as (keyof ProductFields)[]) {
          const value = fields[name];
          if (value !== undefined && !sameEditValue(value, seen(name))) {
            Object.assign(changed, { [name]: value });
          }
        }
        if ('barcode' in changed)
          await assertBarcodeFreeInMirror(db, dept, changed.barcode, productId);
        const next = { ...product, ...changed };
        // What the body says of each field: the editor's value, or the one they saw when unchanged
        // (the server then keeps its own, whatever another tablet set meanwhile).
        const mine = base ? { ...product, ...base, ...changed } : next;
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
            name: mine.name,
            description: mine.description,
            price: mine.price,
            quantity: changed.quantity ?? seenQuantity,
            ...extrasOf(mine),
            // Only when this edit changed them: a field left as the mirror had it is kept by the
            // server, so an edit from a stale mirror never clears a barcode set meanwhile.
            ...inventoryOf(changed),
            baseVersion: baseVersion ?? product.version,
            baseQuantity: seenQuantity,
            ...(base ? { base } : {}),
          },
          entityId: productId,
          touches: [productId],
          rollback,
          label: { key: 'sync.op.updateProduct', values: { product: next.name } },
          input: { productId, changes: changed },
        };
      },
    },
    deps,
  );
}
