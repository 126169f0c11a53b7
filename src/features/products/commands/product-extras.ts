import type { ProductFields } from '../../../../domain/catalog-outbox.ts';
import { barcodeConflict } from '../../../../domain/inventory-fields.ts';
import type { AppDatabase } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';

type ProductExtras = Partial<Pick<ProductFields, 'location' | 'condition' | 'nutrients'>>;

const extraFieldNames = ['location', 'condition', 'nutrients'] as const;

/** The department-specific fields (godown location/condition, nutrients) that are set. */
export function extrasOf(fields: Partial<ProductFields>): ProductExtras {
  const extras: ProductExtras = {};
  for (const name of extraFieldNames) if (fields[name] !== undefined) extras[name] = fields[name];
  return extras;
}

type InventoryFields = Partial<Pick<ProductFields, 'barcode' | 'reorderLevel'>>;

/**
 * The barcode and reorder level that are given (null included: an edit that clears one). Left
 * out when undefined, so the server keeps what it has (domain/inventory-fields.ts).
 */
export function inventoryOf(fields: Partial<ProductFields>): InventoryFields {
  const inventory: InventoryFields = {};
  if (fields.barcode !== undefined) inventory.barcode = fields.barcode;
  if (fields.reorderLevel !== undefined) inventory.reorderLevel = fields.reorderLevel;
  return inventory;
}

/**
 * Refuses, before anything is queued, a barcode another product of the department has in the
 * mirror (the server's rule, domain/inventory-fields.ts barcodeConflict): the clerk hears it at
 * once instead of 'updated' followed seconds later by the server's refusal. The mirror may be
 * stale, so the server still checks; a barcode freed elsewhere meanwhile is then accepted on Retry.
 */
export async function assertBarcodeFreeInMirror(
  db: AppDatabase,
  dept: string,
  barcode: string | null | undefined,
  productId: string,
): Promise<void> {
  if (barcode === null || barcode === undefined) return;
  const holders = await db.products.where('[department+barcode]').equals([dept, barcode]).toArray();
  const other = holders.find((holder) => holder._id !== productId);
  const conflict = barcodeConflict(barcode, productId, other?._id);
  if (conflict) throw new CommandError('invalid', conflict);
}
