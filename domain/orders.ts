import { z } from 'zod';
import { toNumberInput } from './number-input.ts';
import { maxQuantity } from './products.ts';

/**
 * Orders of the product departments. The client sends only what it chooses (product and
 * quantity, plus its own UUID so the record keeps one id before and after sync); the server takes
 * the unit price from the stored product and computes the total (docs/server-behaviour.md, 'Authorization'). The spec's
 * extra fields (productName, price, total, status) are accepted and ignored.
 */
export const orderMessages = {
  selectProduct: 'Please select a product',
  quantityMin: 'Quantity must be at least 1',
  invalidId: 'Invalid order id',
  exceedsStock: 'Quantity exceeds available stock',
  notFound: 'Order not found',
  productNotFound: 'Product not found',
  placed: 'Order placed successfully!',
  updated: 'Order updated successfully',
  deleted: 'Order deleted successfully',
} as const;

const orderQuantity = z.preprocess(
  toNumberInput,
  z
    .number({ error: orderMessages.quantityMin })
    .int({ error: orderMessages.quantityMin })
    .min(1, { error: orderMessages.quantityMin })
    .max(maxQuantity, { error: orderMessages.exceedsStock }),
);

export const orderCreateSchema = z.object({
  productId: z
    .string({ error: orderMessages.selectProduct })
    .trim()
    .min(1, { error: orderMessages.selectProduct })
    .max(100, { error: orderMessages.selectProduct }),
  quantity: orderQuantity,
  _id: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.uuid({ error: orderMessages.invalidId }).optional(),
  ),
});
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

export const orderEditSchema = z.object({ quantity: orderQuantity });

/** An order as the API returns it. `price` is the unit price; `total` = price × quantity. */
export interface OrderJson {
  _id: string;
  orderId: string;
  productId: string;
  productName: string;
  quantity: number;
  price: number;
  total: number;
  status: string;
  createdAt: string;
  updatedAt: string;
  /**
   * The sale this order is a line of (domain/sales.ts) and its sale number; null for a single
   * order. Optional: a tablet's mirror written before sales existed has neither.
   */
  saleId?: string | null;
  saleNumber?: string | null;
}

/** Whole shillings in, whole shillings out. */
export function orderTotal(price: number, quantity: number): number {
  return Math.round(price) * Math.round(quantity);
}

/** 'ORD-HW-000123': prefix from the department descriptor, number from a per-department sequence. */
export function formatOrderId(prefix: string, sequenceNumber: number): string {
  return `ORD-${prefix}-${String(sequenceNumber).padStart(6, '0')}`;
}

export const orderPeriods = ['all', 'today', 'week', 'month'] as const;
export type OrderPeriod = (typeof orderPeriods)[number];

/**
 * Start (inclusive) and end (exclusive) of the period containing `now`, in the device's local
 * time. The week runs Sunday 00:00 to the end of Saturday (spec section 2). Built from calendar
 * fields, so days stay whole across daylight-saving changes.
 */
export function orderPeriodRange(
  period: Exclude<OrderPeriod, 'all'>,
  now: Date,
): { start: Date; end: Date } {
  const year = now.getFullYear();
  const month = now.getMonth();
  const day = now.getDate();
  if (period === 'today') {
    return { start: new Date(year, month, day), end: new Date(year, month, day + 1) };
  }
  if (period === 'week') {
    const sunday = day - now.getDay();
    return { start: new Date(year, month, sunday), end: new Date(year, month, sunday + 7) };
  }
  return { start: new Date(year, month, 1), end: new Date(year, month + 1, 1) };
}

/** Whether an order created at `createdAt` belongs to the tab `period` at time `now`. */
export function orderPeriodFilter(
  period: OrderPeriod,
  now: Date,
  createdAt: string | number | Date,
): boolean {
  if (period === 'all') return true;
  const created = createdAt instanceof Date ? createdAt : new Date(createdAt);
  const time = created.getTime();
  if (Number.isNaN(time)) return false;
  const { start, end } = orderPeriodRange(period, now);
  return time >= start.getTime() && time < end.getTime();
}
