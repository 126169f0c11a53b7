import { z } from 'zod';
import { departments, productDepartmentIds, type ProductDepartmentId } from './departments.ts';
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
  duplicateProduct: 'This product is already on another line of the delivery',
  deliveryIdTaken: 'A delivery with this id already exists',
  supplierNotFound: 'Supplier not found',
  lineProductNotFound: 'This product no longer exists',
  lineWrongLocation: 'This product is kept at another location',
  lineAlreadyAtLocation:
    'A product of this name is already kept at this location: add the goods to it instead',
  notFound: 'Delivery not found',
  received: 'Goods received',
} as const;

/** The movement log's reason of a delivery's line (issue 25 item 3). */
export const receivedReason = 'received';

/**
 * The departments that book deliveries: those whose menu has the deliveries screen (descriptor
 * data, never a department name). Their products must be kept at a location, since every line
 * says where the goods were put (checked by goods-received.test.ts).
 */
export const deliveryDepartmentIds: readonly ProductDepartmentId[] = productDepartmentIds.filter(
  (id) => departments[id].menu.some((item) => item.screen === 'deliveries'),
);

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
      .max(maxDeliveryLines, { error: goodsReceivedMessages.tooManyLines })
      // One line per existing product: its stock rises once, and a refusal names one line.
      .superRefine((lines, context) => {
        const seen = new Set<string>();
        lines.forEach((line, index) => {
          // A new product is one article at one place: its name and location, ignoring case.
          const key =
            'productId' in line
              ? line.productId
              : `new:${line.newProduct.name.toLocaleLowerCase('en')}@${(line.newProduct.location ?? '').toLocaleLowerCase('en')}`;
          const field = 'productId' in line ? 'productId' : 'newProduct';
          if (seen.has(key)) {
            context.addIssue({
              code: 'custom',
              message: goodsReceivedMessages.duplicateProduct,
              path: [index, field],
            });
          }
          seen.add(key);
        });
      }),
  });
}
export type DeliveryCreateInput = z.infer<ReturnType<typeof deliveryCreateSchema>>;

/** The GRN number shown on the note: 'GRN-000123' from the server's sequence. */
export function grnNumber(sequence: number): string {
  return `GRN-${String(sequence).padStart(6, '0')}`;
}

/** A line of a delivery as the API returns it, in the order the clerk entered the lines. */
export interface DeliveryLineJson {
  position: number;
  productId: string;
  productName: string;
  location: string;
  quantity: number;
  /** The line created the product (a new article, or one scanned and unknown). */
  createdProduct: boolean;
}

/** A delivery (goods-received note) as the API returns it. */
export interface DeliveryJson {
  _id: string;
  /** 'GRN-000123', from the department's sequence. */
  grnNumber: string;
  supplierId: string;
  /** The supplier's name when the delivery was booked. */
  supplierName: string;
  noteNumber: string;
  receivedOn: string;
  lineCount: number;
  totalQuantity: number;
  lines: DeliveryLineJson[];
  userId: string;
  userEmail: string;
  createdAt: string;
  updatedAt: string;
}

/** What a 409/404 refusal of a delivery's line carries besides its message. */
export interface DeliveryRefusal {
  line: {
    index: number;
    productId: string;
    /** Null when the product does not exist (404). */
    productName: string | null;
    /** Where the product is kept; null when it does not exist. */
    location: string | null;
  };
}

/** The key that makes two note numbers of one supplier the same note: trimmed, lower-cased. */
export function noteNumberKey(noteNumber: string): string {
  return noteNumber.trim().toLocaleLowerCase('en');
}
