import type { ProductFields } from '../../../../domain/catalog-outbox.ts';

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
