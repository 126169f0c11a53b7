import { z } from 'zod';
import type { OrderRecord, ProductRecord } from '../../../db/database.ts';

/**
 * Shapes of the products and orders the API sends. Every answer is `unknown` until parsed here;
 * a malformed row is skipped rather than poisoning the mirror.
 */
const optionalText = z.string().nullable().optional();

export const productWireSchema = z.object({
  _id: z.string().min(1),
  name: z.string(),
  description: z.string().default(''),
  price: z.number(),
  quantity: z.number(),
  image: optionalText,
  location: optionalText,
  condition: optionalText,
  nutrients: optionalText,
  barcode: optionalText,
  reorderLevel: z.number().int().nullable().optional(),
  version: z.number().default(0),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
});

export const orderWireSchema = z.object({
  _id: z.string().min(1),
  orderId: optionalText,
  productId: z.string(),
  productName: z.string().default(''),
  quantity: z.number(),
  price: z.number(),
  total: z.number(),
  status: z.string().default('pending'),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
  saleId: optionalText,
  saleNumber: optionalText,
});

/** A server product as the mirror record of `department`, or undefined. */
export function toProductRecord(value: unknown, department: string): ProductRecord | undefined {
  const parsed = productWireSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department } : undefined;
}

/** A server order as the mirror record of `department` (confirmed: no entry waits on it), or undefined. */
export function toOrderRecord(value: unknown, department: string): OrderRecord | undefined {
  const parsed = orderWireSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}
