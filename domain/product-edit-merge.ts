import { z } from 'zod';

/**
 * The three-way merge of a product edit made from a stale view (decision 0025): two tablets edit
 * the same product offline, and the second to sync must neither silently overwrite what the
 * first changed nor lose its own edits of other fields. Pure: the server decides with it, the
 * tablet parses what a refusal says with the schemas below.
 */

/** The fields the edit form edits (condition is derived, the image has its own route). */
export const productEditFields = [
  'name',
  'description',
  'price',
  'quantity',
  'location',
  'nutrients',
  'barcode',
  'reorderLevel',
] as const;
export type ProductEditField = (typeof productEditFields)[number];

export function isProductEditField(name: string): name is ProductEditField {
  return (productEditFields as readonly string[]).includes(name);
}

export interface ProductEditValues {
  name: string;
  description: string;
  price: number;
  quantity: number;
  location: string | null;
  nutrients: string | null;
  barcode: string | null;
  reorderLevel: number | null;
}

/** A value of any edit field, as a conflict reports it. */
export type EditValue = string | number | null;

/** One field both sides changed to different values since the base. */
export interface FieldConflict {
  field: ProductEditField;
  /** What this write asked for. */
  mine: EditValue;
  /** What the server holds now. */
  theirs: EditValue;
}

export type MergeOutcome =
  { ok: true; merged: ProductEditValues } | { ok: false; conflicts: FieldConflict[] };

/**
 * Blank, null and absent are one value (no nutrients, no barcode): a form shows null as '' and
 * sends it back, which must not count as an edit. Text compares trimmed, as the schemas store it.
 */
function normalized(value: EditValue | undefined): EditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

export function sameEditValue(a: EditValue | undefined, b: EditValue | undefined): boolean {
  return normalized(a) === normalized(b);
}

type FieldOutcome<F extends ProductEditField> =
  { conflict: false; value: ProductEditValues[F] } | { conflict: true };

function mergeField<F extends ProductEditField>(
  field: F,
  base: Partial<ProductEditValues>,
  mine: Partial<ProductEditValues>,
  theirs: ProductEditValues,
): FieldOutcome<F> {
  const wanted = mine[field];
  // Absent: the write does not touch the field (an older client, a field of another department).
  if (wanted === undefined) return { conflict: false, value: theirs[field] };
  if (sameEditValue(wanted, theirs[field])) return { conflict: false, value: wanted };
  const seen = base[field];
  // A base without this field cannot tell who changed it: differing values are not merged blind.
  if (seen === undefined) return { conflict: true };
  if (sameEditValue(wanted, seen)) return { conflict: false, value: theirs[field] };
  if (sameEditValue(theirs[field], seen)) return { conflict: false, value: wanted };
  return { conflict: true };
}

function setField<F extends ProductEditField>(
  target: ProductEditValues,
  field: F,
  value: ProductEditValues[F],
): void {
  target[field] = value;
}

/**
 * Merges `mine` (the write; an absent field is untouched) onto `theirs` (the server's record now),
 * given `base` (what the editor saw when the form opened):
 * - a field mine left as the base keeps theirs (someone else may have changed it);
 * - a field only mine changed takes mine;
 * - a field both changed to the same value is that value;
 * - a field both changed to different values is a conflict, and the whole write is refused.
 * Without a base (an older client) mine wins every field it carries.
 */
export function mergeProductEdit(
  base: Partial<ProductEditValues> | undefined,
  mine: Partial<ProductEditValues>,
  theirs: ProductEditValues,
): MergeOutcome {
  if (base === undefined) return { ok: true, merged: overlayEdit(mine, theirs) };
  const merged: ProductEditValues = { ...theirs };
  const conflicts: FieldConflict[] = [];
  for (const field of productEditFields) {
    const outcome = mergeField(field, base, mine, theirs);
    if (outcome.conflict) {
      conflicts.push({
        field,
        mine: normalized(mine[field]),
        theirs: normalized(theirs[field]),
      });
    } else {
      setField(merged, field, outcome.value);
    }
  }
  return conflicts.length > 0 ? { ok: false, conflicts } : { ok: true, merged };
}

/** Every field `mine` carries over `theirs`: last writer wins (no base to merge with). */
export function overlayEdit(
  mine: Partial<ProductEditValues>,
  theirs: ProductEditValues,
): ProductEditValues {
  const merged: ProductEditValues = { ...theirs };
  for (const field of productEditFields) {
    const wanted = mine[field];
    if (wanted !== undefined) setField(merged, field, wanted);
  }
  return merged;
}

/** The edit fields of a product as the API returns it (absent barcode and level are none). */
export function editValuesOfProduct(product: {
  name: string;
  description: string;
  price: number;
  quantity: number;
  location?: string | null | undefined;
  nutrients?: string | null | undefined;
  barcode?: string | null | undefined;
  reorderLevel?: number | null | undefined;
}): ProductEditValues {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    quantity: product.quantity,
    location: product.location ?? null,
    nutrients: product.nutrients ?? null,
    barcode: product.barcode ?? null,
    reorderLevel: product.reorderLevel ?? null,
  };
}

/**
 * The `base` of an edit body: what the editor saw. Loose on purpose (every field optional): it is
 * never shown, only compared, and a field it lacks is merged conservatively. `invalid` is the one
 * message of any malformed part (only a broken client sends one).
 */
export function productEditBaseSchema(invalid: string) {
  const text = z.string({ error: invalid }).max(5000, { error: invalid });
  const whole = z.number({ error: invalid }).int({ error: invalid }).min(0, { error: invalid });
  return z.object(
    {
      name: text.optional(),
      description: text.optional(),
      price: whole.optional(),
      quantity: whole.optional(),
      location: text.nullable().optional(),
      nutrients: text.nullable().optional(),
      barcode: text.nullable().optional(),
      reorderLevel: whole.nullable().optional(),
    },
    { error: invalid },
  );
}
export type ProductEditBase = z.infer<ReturnType<typeof productEditBaseSchema>>;

const editValue = z.union([z.string(), z.number(), z.null()]);

const fieldConflictSchema = z.object({
  field: z.enum(productEditFields),
  mine: editValue,
  theirs: editValue,
});

const editValuesSchema = z.object({
  name: z.string(),
  description: z.string(),
  price: z.number(),
  quantity: z.number(),
  location: z.string().nullable(),
  nutrients: z.string().nullable(),
  barcode: z.string().nullable(),
  reorderLevel: z.number().nullable(),
});

/**
 * What a tablet keeps of a conflict refusal: the fields in conflict, and the server's record
 * (version and values) that "Apply mine again" takes as its new base.
 */
export const editConflictSchema = z.object({
  fields: z.array(fieldConflictSchema).min(1),
  version: z.number().int().min(0),
  values: editValuesSchema,
});
export type EditConflict = z.infer<typeof editConflictSchema>;

const productOfRefusal = z.object({
  name: z.string(),
  description: z.string(),
  price: z.number(),
  quantity: z.number(),
  location: z.string().nullable().optional(),
  nutrients: z.string().nullable().optional(),
  barcode: z.string().nullable().optional(),
  reorderLevel: z.number().nullable().optional(),
  version: z.number().int().min(0),
});

/** The conflict a 409 body carries (`conflicts` and `product`), or undefined for any other body. */
export function editConflictOf(body: unknown): EditConflict | undefined {
  const parsed = z
    .object({ conflicts: z.array(fieldConflictSchema).min(1), product: productOfRefusal })
    .safeParse(body);
  if (!parsed.success) return undefined;
  const { conflicts, product } = parsed.data;
  return { fields: conflicts, version: product.version, values: editValuesOfProduct(product) };
}
