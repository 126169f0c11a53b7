import { z } from 'zod';

/**
 * The inputs of the catalog's queued writes (docs/offline-model.md), one schema per kind. A queued
 * entry keeps its command's input so a failed write can be re-run after editing; these schemas
 * parse what IndexedDB gives back (entries outlive app versions), so a retry is typed, never cast.
 * The requests themselves are validated by the route schemas in orders.ts and products.ts.
 */

const id = z.string().min(1);
const quantity = z.number().int();
const optionalText = z.string().nullable().optional();

/** The product fields a command writes (godown adds location/condition, animal-feeding nutrients). */
export const productFieldsSchema = z.object({
  name: z.string(),
  description: z.string(),
  price: z.number(),
  quantity,
  location: optionalText,
  condition: optionalText,
  nutrients: optionalText,
  barcode: optionalText,
  reorderLevel: z.number().int().nullable().optional(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

export const orderCreateEntrySchema = z.object({ productId: id, quantity, orderId: id });
export const orderUpdateEntrySchema = z.object({ orderId: id, quantity });
export const orderDeleteEntrySchema = z.object({ orderId: id });

/** The picture travels in the outbox as a Blob (IndexedDB keeps Blobs). */
const imageBlob = z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob);

export const productCreateEntrySchema = productFieldsSchema.extend({
  productId: id,
  image: imageBlob.nullable().optional(),
});
export const productUpdateEntrySchema = z.object({
  productId: id,
  /** Only the fields the edit really changed (see updateProduct): what a retry re-applies. */
  changes: productFieldsSchema.partial(),
});
export const productDeleteEntrySchema = z.object({ productId: id });

/** What the user may change before pressing Retry: a new quantity, or product fields. */
export const catalogRetryEditsSchema = productFieldsSchema.partial();
