import { z } from 'zod';
import { departments, productDepartmentIds, type ProductDepartmentId } from './departments.ts';
import { orderCreateSchema, orderMessages, type OrderJson } from './orders.ts';

/**
 * Sales of several items (issue 25 item 1, decision 0036). A sale is one write: its lines are
 * orders exactly as a single order is (same numbering, stock, lists), grouped under a sale id and
 * a sale number. All or nothing: one refused line refuses the sale. A product appears at most
 * once per sale (the basket merges taps of the same product into one line; the server refuses a
 * repeated product rather than guessing what the clerk meant).
 */
export const saleMessages = {
  invalidId: 'Invalid sale id',
  noLines: 'A sale needs at least one item',
  tooManyLines: 'A sale has at most 50 items',
  duplicateProduct: 'A product appears more than once in this sale',
  duplicateLineId: 'Two lines of this sale have the same id',
  lineExceedsStock: 'Not enough stock for an item of this sale',
  lineProductNotFound: 'A product of this sale no longer exists',
  saleIdTaken: 'A sale with this id already exists',
  notFound: 'Sale not found',
  placed: 'Sale placed successfully!',
} as const;

export const maxSaleLines = 50;

/** The departments that sell through a basket: those whose menu has the sale screen. */
export const saleDepartmentIds: readonly ProductDepartmentId[] = productDepartmentIds.filter((id) =>
  departments[id].menu.some((item) => item.screen === 'sale'),
);

const saleLineSchema = z.object({
  _id: z.uuid({ error: orderMessages.invalidId }),
  productId: orderCreateSchema.shape.productId,
  quantity: orderCreateSchema.shape.quantity,
});
export type SaleLineInput = z.infer<typeof saleLineSchema>;

export const saleCreateSchema = z
  .object({
    _id: z.uuid({ error: saleMessages.invalidId }),
    lines: z
      .array(saleLineSchema, { error: saleMessages.noLines })
      .min(1, { error: saleMessages.noLines })
      .max(maxSaleLines, { error: saleMessages.tooManyLines }),
  })
  .superRefine((sale, context) => {
    const products = new Set<string>();
    const ids = new Set<string>([sale._id]);
    sale.lines.forEach((line, index) => {
      if (products.has(line.productId)) {
        context.addIssue({
          code: 'custom',
          message: saleMessages.duplicateProduct,
          path: ['lines', index, 'productId'],
        });
      }
      if (ids.has(line._id)) {
        context.addIssue({
          code: 'custom',
          message: saleMessages.duplicateLineId,
          path: ['lines', index, '_id'],
        });
      }
      products.add(line.productId);
      ids.add(line._id);
    });
  });
export type SaleCreateInput = z.infer<typeof saleCreateSchema>;

/** What a 409/404 refusal of a sale carries besides its message: the refused line. */
export interface SaleRefusal {
  line: {
    index: number;
    productId: string;
    /** Null when the product does not exist (404). */
    productName: string | null;
    /** Units in stock now; null when the product does not exist. */
    available: number | null;
  };
}

/** A line of a sale as the API returns it: the order it became, in the order the clerk entered. */
export type SaleLineJson = Pick<
  OrderJson,
  '_id' | 'orderId' | 'productId' | 'productName' | 'quantity' | 'price' | 'total'
>;

/**
 * A sale as the API returns it. `saleNumber` is the human number ('SALE-HW-000042'); every line
 * is also an order whose `saleId` is this sale's `_id`.
 */
export interface SaleJson {
  _id: string;
  saleNumber: string;
  total: number;
  lineCount: number;
  lines: SaleLineJson[];
  createdAt: string;
  updatedAt: string;
}

/** 'SALE-HW-000042': prefix from the department descriptor, number from a per-department sequence. */
export function formatSaleId(prefix: string, sequenceNumber: number): string {
  return `SALE-${prefix}-${String(sequenceNumber).padStart(6, '0')}`;
}
