import { z } from 'zod';
import { departments } from './departments.ts';
import { maxQuantity, productCreateSchema, requiredText, wholeNumber } from './products.ts';

/**
 * A delivery booked in the godown (issue 25 item 3): the supplier's note number, the date the
 * goods arrived and 1..100 lines, each raising an existing product's stock or creating a new
 * product (the godown product create schema, whose `quantity` is the quantity received).
 */
export const goodsReceivedMessages = {
  invalidId: 'Invalid delivery id',
  selectSupplier: 'Please select a supplier',
  noteRequired: 'Delivery note number is required',
  noteTooLong: 'Delivery note number must be at most 64 characters',
  dateRequired: 'Date received is required',
  dateInFuture: 'Date received cannot be in the future',
  linesRequired: 'Add at least one line',
  tooManyLines: 'A delivery has at most 100 lines',
  selectProduct: 'Please select a product',
  quantityMin: 'Quantity must be at least 1',
  locationRequired: 'Location is required',
  locationTooLong: 'Location must be at most 200 characters',
  duplicateDelivery: 'This delivery note was already booked for this supplier',
  received: 'Goods received',
} as const;

export const maxDeliveryLines = 100;
export const maxNoteNumberLength = 64;
/** Tablets' clocks drift; a date up to a day ahead of the checker's clock is accepted. */
export const clockSkewMs = 24 * 60 * 60 * 1000;

const existingLine = z.object({
  productId: z
    .string({ error: goodsReceivedMessages.selectProduct })
    .trim()
    .min(1, { error: goodsReceivedMessages.selectProduct })
    .max(100, { error: goodsReceivedMessages.selectProduct }),
  quantity: wholeNumber({
    missing: goodsReceivedMessages.quantityMin,
    min: 1,
    max: maxQuantity,
  }),
  location: requiredText(
    goodsReceivedMessages.locationRequired,
    200,
    goodsReceivedMessages.locationTooLong,
  ),
});

const newProductLine = z.object({ newProduct: productCreateSchema(departments.godown) });

export const deliveryLineSchema = z.union([newProductLine, existingLine]);
export type DeliveryLineInput = z.infer<typeof deliveryLineSchema>;

/** The delivery contract; `now` is the checker's clock (injectable for tests). */
export function deliveryCreateSchema(now: () => number = Date.now) {
  return z.object({
    _id: z.uuid({ error: goodsReceivedMessages.invalidId }),
    supplierId: z
      .string({ error: goodsReceivedMessages.selectSupplier })
      .trim()
      .min(1, { error: goodsReceivedMessages.selectSupplier })
      .max(100, { error: goodsReceivedMessages.selectSupplier }),
    noteNumber: requiredText(
      goodsReceivedMessages.noteRequired,
      maxNoteNumberLength,
      goodsReceivedMessages.noteTooLong,
    ),
    receivedOn: z
      .string({ error: goodsReceivedMessages.dateRequired })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: goodsReceivedMessages.dateRequired })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
        error: goodsReceivedMessages.dateRequired,
      })
      .refine((value) => Date.parse(`${value}T00:00:00Z`) <= now() + clockSkewMs, {
        error: goodsReceivedMessages.dateInFuture,
      }),
    lines: z
      .array(deliveryLineSchema, { error: goodsReceivedMessages.linesRequired })
      .min(1, { error: goodsReceivedMessages.linesRequired })
      .max(maxDeliveryLines, { error: goodsReceivedMessages.tooManyLines }),
  });
}
export type DeliveryCreateInput = z.infer<ReturnType<typeof deliveryCreateSchema>>;

/** The GRN number shown on the note: 'GRN-000123' from the server's sequence. */
export function grnNumber(sequence: number): string {
  return `GRN-${String(sequence).padStart(6, '0')}`;
}
