import { z } from 'zod';
import { toNumberInput } from './number-input.ts';

/**
 * The warehouse fields every product may carry beside the spec's (issue 15): a barcode, unique
 * among the live products of its department, and a reorder level under which the product is on
 * the department's 'Low stock' list. Both are optional on every form and in every API body.
 *
 * Three states on a write, so an old client that never sends them changes nothing:
 * - absent (undefined): keep what the product has (an edit) or none (a new product);
 * - null or blank: none (no barcode; the department's default reorder level);
 * - a value: set it.
 */
export const inventoryMessages = {
  barcodeTooLong: 'Barcode is too long',
  barcodeInvalid: 'Barcode may contain printable characters only',
  barcodeTaken: 'Another product in this department has this barcode',
  reorderLevelInvalid: 'Reorder level must be a whole number, 0 or more',
  barcodeNotFound: 'No product with this barcode',
} as const;

/**
 * The barcode rule both sides apply before writing: a barcode may be held by one live product of
 * a department. `holderId` is the live product of the department that has `barcode` (the
 * server's table, or the tablet's mirror before queueing); the message when another one does.
 */
export function barcodeConflict(
  barcode: string | null | undefined,
  productId: string,
  holderId: string | undefined,
): string | undefined {
  if (barcode === null || barcode === undefined || holderId === undefined) return undefined;
  return holderId === productId ? undefined : inventoryMessages.barcodeTaken;
}

/** EAN-13, UPC and Code 128 are far shorter; a QR code's text may be longer but not a page. */
export const maxBarcodeLength = 128;
export const maxReorderLevel = 1_000_000;

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** Control characters (a scanner's stray CR or TAB, U+0000) never belong in a barcode. */
const printable = /^[^\p{Cc}\p{Cs}]+$/u;

export const barcodeField = z.preprocess(
  blankToNull,
  z
    .string({ error: inventoryMessages.barcodeInvalid })
    .trim()
    .max(maxBarcodeLength, { error: inventoryMessages.barcodeTooLong })
    .regex(printable, { error: inventoryMessages.barcodeInvalid })
    .nullable()
    .optional(),
);

export const reorderLevelField = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return blank === null || blank === undefined ? blank : toNumberInput(blank);
  },
  z
    .number({ error: inventoryMessages.reorderLevelInvalid })
    .int({ error: inventoryMessages.reorderLevelInvalid })
    .min(0, { error: inventoryMessages.reorderLevelInvalid })
    .max(maxReorderLevel, { error: inventoryMessages.reorderLevelInvalid })
    .nullable()
    .optional(),
);

/** Spread into every product create and edit schema. */
export const inventoryFieldsShape = { barcode: barcodeField, reorderLevel: reorderLevelField };

export interface InventoryFieldsInput {
  barcode?: string | null | undefined;
  reorderLevel?: number | null | undefined;
}

/** The same barcode whatever a scanner or a person added around it. */
export function normalizeBarcode(value: string): string {
  return value.trim();
}
