import { z } from 'zod';
import { orderMessages } from './orders.ts';
import {
  maxDescriptionLength,
  maxPrice,
  maxQuantity,
  productMessages,
  requiredText,
  wholeNumber,
} from './products.ts';

/**
 * Printing orders (print jobs): the printing department takes a description, a price per item, a
 * quantity, the customer's phone number and a category (spec sections 2, 3 and 5). One schema,
 * `printingOrderSchema`, serves the submit-work form, the queued outbox entry and
 * `POST /printing/orders`; the server computes `totalPrice` = price × quantity and numbers the
 * receipt (docs/server-behaviour.md, 'Orders'). A client's own `totalPrice` is accepted and ignored.
 */
export const printingCategories = [
  'books',
  'magazine',
  'clothing',
  'cards',
  'banners',
  'cups',
  'bags',
] as const;
export type PrintingCategory = (typeof printingCategories)[number];
export const defaultPrintingCategory: PrintingCategory = 'magazine';

export const printingMessages = {
  /** Spec section 5: description, price, quantity and contact present and above 0. */
  invalidFields: 'Please fill in all fields with valid values.',
  // Beyond the spec, for what its one message does not explain.
  invalidContact: 'Enter a Tanzanian phone number: +255 or 0 followed by 9 digits.',
  invalidCategory: `Choose a category: ${printingCategories.join(', ')}.`,
  descriptionTooLong: productMessages.descriptionTooLong,
  invalidId: orderMessages.invalidId,
  // Server answers and the screens' texts (spec section 8; issue 10).
  notFound: orderMessages.notFound,
  updated: orderMessages.updated,
  deleted: orderMessages.deleted,
  submitted: 'Order Submitted Successfully!',
  createFailed: 'Failed to create order',
  loadFailed: 'Failed to load order details. Please try again later.',
  noDetails: 'No order details found.',
  receiptFailed: 'Failed to generate the receipt. Please try again.',
} as const;

/**
 * A Tanzanian phone number as '+255XXXXXXXXX', or null when the text is not one. Accepts the
 * international form (+255…) and the national form (0…) followed by 9 digits, with spaces, dots
 * or dashes between digit groups. The 9 digits never start with 0 (that would be a second trunk
 * prefix, as in '+255 0712…').
 */
export function normaliseTanzanianPhone(text: string): string | null {
  const compact = text.trim().replace(/[\s.-]/g, '');
  const match = /^(?:\+255|0)([1-9]\d{8})$/.exec(compact);
  return match ? `+255${match[1]}` : null;
}

const invalid = printingMessages.invalidFields;

const description = requiredText(
  invalid,
  maxDescriptionLength,
  printingMessages.descriptionTooLong,
);

const price = wholeNumber({ missing: invalid, min: 1, max: maxPrice });
const quantity = wholeNumber({ missing: invalid, min: 1, max: maxQuantity });

const contact = z.preprocess(
  (value) => value ?? '',
  z
    .string({ error: invalid })
    .trim()
    .min(1, { error: invalid })
    .transform((text, context) => {
      const phone = normaliseTanzanianPhone(text);
      if (phone === null) {
        context.issues.push({
          code: 'custom',
          input: text,
          message: printingMessages.invalidContact,
        });
        return z.NEVER;
      }
      return phone;
    }),
);

/** Blank or absent means "not chosen"; otherwise compared trimmed and lower-cased. */
function categoryInput(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? undefined;
  const trimmed = value.trim().toLowerCase();
  return trimmed === '' ? undefined : trimmed;
}

const categoryEnum = z.enum(printingCategories, { error: printingMessages.invalidCategory });

const optionalId = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z.uuid({ error: printingMessages.invalidId }).optional(),
);

/** A new print job, checked in the form's order: the first issue is the one shown. */
export const printingOrderSchema = z.object(
  {
    description,
    price,
    quantity,
    contact,
    category: z.preprocess(categoryInput, categoryEnum.default(defaultPrintingCategory)),
    _id: optionalId,
  },
  { error: invalid },
);
export type PrintingOrderInput = z.output<typeof printingOrderSchema>;

/**
 * `PUT /printing/orders/{id}`: the full edited order. The spec's client sends description,
 * quantity, totalPrice, contact and category but no price, so a missing price (or category)
 * keeps the stored one; totalPrice is recomputed by the server either way.
 */
export const printingOrderEditSchema = printingOrderSchema.omit({ _id: true }).extend({
  price: price.optional(),
  category: z.preprocess(categoryInput, categoryEnum.optional()),
});
export type PrintingOrderEditInput = z.output<typeof printingOrderEditSchema>;

/** A printing order as the API returns it. Money is whole shillings. */
export interface PrintingOrderJson {
  _id: string;
  /** 'PR-000123', from the printing department's sequence. */
  receiptNumber: string;
  description: string;
  /** Price per item. */
  price: number;
  quantity: number;
  /** price × quantity, computed by the server. */
  totalPrice: number;
  /** '+255XXXXXXXXX'. */
  contact: string;
  category: PrintingCategory;
  /** Who submitted the job. */
  userId: string;
  /** Raised by every change (edit, delete). */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** 'PR-000123' for sequence number 123. */
export function formatReceiptNumber(sequenceNumber: number): string {
  return `PR-${String(sequenceNumber).padStart(6, '0')}`;
}
