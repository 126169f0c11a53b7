import { z } from 'zod';
import { toNumberInput } from './number-input.ts';
import type { DepartmentDescriptor } from './departments.ts';
import { inventoryFieldsShape, type InventoryFieldsInput } from './inventory-fields.ts';
import { productEditBaseSchema, type ProductEditBase } from './product-edit-merge.ts';

/**
 * Products of the product departments (hardware, fresh-oil, stationery, animal-feeding, godown).
 * One set of schemas, chosen by the department descriptor's extra fields: a department with a
 * `location` field (godown) uploads JSON without an image and derives its condition; one with
 * `nutrients` (animal-feeding) requires nutrients. Messages are the spec's exact texts
 * (section 5), in the order the spec checks them: the first issue is the one shown.
 */
export const productMessages = {
  nameRequired: 'Product name is required.',
  descriptionRequired: 'Description is required.',
  validPrice: 'Valid price is required.',
  validQuantity: 'Valid quantity is required.',
  imageRequired: 'Product image is required.',
  nutrientsRequired: 'Nutrients are required.',
  editQuantity: 'Quantity must be greater than 0.',
  editPrice: 'Price must be greater than 0.',
  // animal-feeding edit
  feedingNameRequired: 'Product name is required',
  feedingDescriptionRequired: 'Description is required',
  feedingPrice: 'Price must be a positive number',
  feedingQuantity: 'Quantity must be a non-negative number',
  // godown upload
  allFieldsRequired: 'All fields are required.',
  godownPrice: 'Price must be a positive number.',
  godownQuantity: 'Quantity must be a positive number.',
  // godown edit
  godownNameRequired: 'Name is required',
  godownPriceNegative: 'Price cannot be negative',
  godownQuantityNegative: 'Quantity cannot be negative',
  godownLocationRequired: 'Location is required',
  godownDescriptionRequired: 'Description is required',
  descriptionTooLong: 'Description is too long',
  nameTooLong: 'Name is too long',
  locationTooLong: 'Location is too long',
  nutrientsTooLong: 'Nutrients are too long',
  invalidId: 'Invalid product id',
  invalidVersion: 'Invalid version',
  // server answers
  notFound: 'Product not found',
  staleQuantity:
    'The stock of this product changed since you opened it. Review the new quantity and save again.',
  editConflict:
    'Someone else changed this product since you opened it. Choose which values to keep.',
  imageTooLarge: 'Product image is too large. The maximum size is 5 MB.',
  imageTooManyPixels: 'Product image has too many pixels. The maximum is 40 megapixels.',
  imageType: 'Product image must be a PNG, JPEG or GIF image.',
  created: 'Product Added Successfully!',
  updated: 'Product updated successfully!',
  deleted: 'Product deleted successfully!',
} as const;

/** Limits that keep every total a safe integer: price × quantity ≤ 10^15. */
export const maxPrice = 1_000_000_000;
export const maxQuantity = 1_000_000;
export const maxNameLength = 200;
export const maxDescriptionLength = 2000;
/** Godown's edit dialog caps the description at 500 characters (spec section 9). */
export const maxGodownDescriptionLength = 500;
export const maxImageBytes = 5 * 1024 * 1024;
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/gif'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** The image type from the file's first bytes (magic numbers), never from its name or header. */
export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  const startsWith = (signature: readonly number[]) =>
    bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  ) {
    return 'image/gif';
  }
  return null;
}

/** Which form a department uses, read from its descriptor (no department names in code). */
export type ProductFormVariant = 'standard' | 'nutrients' | 'located';

export function productFormVariant(
  descriptor: Pick<DepartmentDescriptor, 'extraFields'>,
): ProductFormVariant {
  if (descriptor.extraFields.includes('location')) return 'located';
  if (descriptor.extraFields.includes('nutrients')) return 'nutrients';
  return 'standard';
}

/**
 * A whole number from a form value or JSON, between `min` and `max`: `missing` when blank or
 * absent, `invalid` (default `missing`) when not a whole number or out of range.
 */
export function wholeNumber(options: {
  missing: string;
  invalid?: string;
  min: number;
  minMessage?: string;
  max: number;
}) {
  const invalid = options.invalid ?? options.missing;
  return z.preprocess(
    toNumberInput,
    z
      .number({
        error: (issue) => (issue.input === undefined ? options.missing : invalid),
      })
      .int({ error: invalid })
      .min(options.min, { error: options.minMessage ?? invalid })
      .max(options.max, { error: invalid }),
  );
}

/** Trimmed text that must not be blank (`missing`) and at most `max` characters (`tooLong`). */
export function requiredText(missing: string, max: number, tooLong: string) {
  return z.preprocess(
    (value) => value ?? '',
    z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: tooLong }),
  );
}

function optionalText(max: number, tooLong: string) {
  return z.preprocess(
    (value) => (value === null ? undefined : value),
    z.string().trim().max(max, { error: tooLong }).optional(),
  );
}

const optionalId = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z.uuid({ error: productMessages.invalidId }).optional(),
);

const baseVersion = z.preprocess(
  (value) => (value === null || value === '' ? undefined : toNumberInput(value)),
  z
    .number({ error: productMessages.invalidVersion })
    .int({ error: productMessages.invalidVersion })
    .min(0, { error: productMessages.invalidVersion })
    .optional(),
);

/** The stock the editor saw; a quantity equal to it means "stock not edited" (server keeps its own). */
const baseQuantity = z.preprocess(
  (value) => (value === null || value === '' ? undefined : toNumberInput(value)),
  z
    .number({ error: productMessages.invalidVersion })
    .int({ error: productMessages.invalidVersion })
    .min(0, { error: productMessages.invalidVersion })
    .optional(),
);

/** A validated new product. `image` is whatever the caller attached (File in the PWA, bytes on the server). */
export interface ProductCreateInput extends InventoryFieldsInput {
  _id?: string | undefined;
  name: string;
  description: string;
  price: number;
  quantity: number;
  image?: unknown;
  location?: string | undefined;
  nutrients?: string | undefined;
}

export interface ProductEditInput extends InventoryFieldsInput {
  name: string;
  description: string;
  price: number;
  quantity: number;
  location?: string | undefined;
  nutrients?: string | undefined;
  /** The product version the editor saw; a stale one makes a quantity change a conflict. */
  baseVersion?: number | undefined;
  /**
   * The quantity the editor saw. When `quantity` equals it the editor did not touch the stock, so
   * the server keeps its current stock (orders placed meanwhile stay counted) and no conflict arises.
   */
  baseQuantity?: number | undefined;
  /**
   * The values the editor saw when the form opened. With a stale `baseVersion` the server merges
   * three ways (domain/product-edit-merge.ts): edits of different fields merge, the same field
   * changed on both sides is a conflict. Absent (an older client): the rules above only.
   */
  base?: ProductEditBase | undefined;
}

const standardUploadShape = {
  name: requiredText(productMessages.nameRequired, maxNameLength, productMessages.nameTooLong),
  description: requiredText(
    productMessages.descriptionRequired,
    maxDescriptionLength,
    productMessages.descriptionTooLong,
  ),
  price: wholeNumber({ missing: productMessages.validPrice, min: 1, max: maxPrice }),
  quantity: wholeNumber({ missing: productMessages.validQuantity, min: 1, max: maxQuantity }),
  image: z.custom<unknown>((value) => value !== undefined && value !== null && value !== '', {
    error: productMessages.imageRequired,
  }),
};

const nutrientsRequired = requiredText(
  productMessages.nutrientsRequired,
  maxDescriptionLength,
  productMessages.nutrientsTooLong,
);

/** Upload (create) schema of a department, checked in the spec's order. */
export function productCreateSchema(
  descriptor: Pick<DepartmentDescriptor, 'extraFields'>,
): z.ZodType<ProductCreateInput> {
  const variant = productFormVariant(descriptor);
  if (variant === 'located') {
    const all = productMessages.allFieldsRequired;
    return z.object({
      name: requiredText(all, maxNameLength, productMessages.nameTooLong),
      description: requiredText(
        all,
        maxGodownDescriptionLength,
        productMessages.descriptionTooLong,
      ),
      price: wholeNumber({
        missing: all,
        invalid: productMessages.godownPrice,
        min: 1,
        max: maxPrice,
      }),
      quantity: wholeNumber({
        missing: all,
        invalid: productMessages.godownQuantity,
        min: 1,
        max: maxQuantity,
      }),
      location: requiredText(all, maxNameLength, productMessages.locationTooLong),
      ...inventoryFieldsShape,
      _id: optionalId,
    });
  }
  if (variant === 'nutrients') {
    return z.object({
      ...standardUploadShape,
      nutrients: nutrientsRequired,
      ...inventoryFieldsShape,
      _id: optionalId,
    });
  }
  return z.object({ ...standardUploadShape, ...inventoryFieldsShape, _id: optionalId });
}

/** What the editor saw (decision 0025); null is no base, like an absent one. */
const editBase = z.preprocess(
  (value) => (value === null ? undefined : value),
  productEditBaseSchema(productMessages.invalidVersion).optional(),
);

/** Edit schema of a department (spec section 5 gives each form its own texts and bounds). */
export function productEditSchema(
  descriptor: Pick<DepartmentDescriptor, 'extraFields'>,
): z.ZodType<ProductEditInput> {
  const variant = productFormVariant(descriptor);
  if (variant === 'located') {
    return z.object({
      name: requiredText(
        productMessages.godownNameRequired,
        maxNameLength,
        productMessages.nameTooLong,
      ),
      price: wholeNumber({
        missing: productMessages.godownPriceNegative,
        min: 0,
        max: maxPrice,
      }),
      quantity: wholeNumber({
        missing: productMessages.godownQuantityNegative,
        min: 0,
        max: maxQuantity,
      }),
      location: requiredText(
        productMessages.godownLocationRequired,
        maxNameLength,
        productMessages.locationTooLong,
      ),
      description: requiredText(
        productMessages.godownDescriptionRequired,
        maxGodownDescriptionLength,
        productMessages.descriptionTooLong,
      ),
      ...inventoryFieldsShape,
      baseVersion,
      baseQuantity,
      base: editBase,
    });
  }
  if (variant === 'nutrients') {
    return z.object({
      name: requiredText(
        productMessages.feedingNameRequired,
        maxNameLength,
        productMessages.nameTooLong,
      ),
      description: requiredText(
        productMessages.feedingDescriptionRequired,
        maxDescriptionLength,
        productMessages.descriptionTooLong,
      ),
      price: wholeNumber({ missing: productMessages.feedingPrice, min: 1, max: maxPrice }),
      quantity: wholeNumber({ missing: productMessages.feedingQuantity, min: 0, max: maxQuantity }),
      nutrients: optionalText(maxDescriptionLength, productMessages.nutrientsTooLong),
      ...inventoryFieldsShape,
      baseVersion,
      baseQuantity,
      base: editBase,
    });
  }
  return z.object({
    name: requiredText(productMessages.nameRequired, maxNameLength, productMessages.nameTooLong),
    description: requiredText(
      productMessages.descriptionRequired,
      maxDescriptionLength,
      productMessages.descriptionTooLong,
    ),
    quantity: wholeNumber({ missing: productMessages.editQuantity, min: 1, max: maxQuantity }),
    price: wholeNumber({ missing: productMessages.editPrice, min: 1, max: maxPrice }),
    ...inventoryFieldsShape,
    baseVersion,
    baseQuantity,
    base: editBase,
  });
}

/** A product as the API returns it. `image` is 'images/{id}' relative to the API base, or null. */
export interface ProductJson {
  _id: string;
  name: string;
  description: string;
  price: number;
  quantity: number;
  image: string | null;
  location?: string | null;
  condition?: string | null;
  nutrients?: string | null;
  /** Present only when set (domain/inventory-fields.ts), so the spec's shape is unchanged otherwise. */
  barcode?: string;
  reorderLevel?: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The relative image path of an image id ('images/{id}'). */
export function productImagePath(imageId: string | null | undefined): string | null {
  return imageId ? `images/${imageId}` : null;
}
