import { z } from 'zod';
import type { OrderRecord, ProductRecord } from '../db/database.ts';

/**
 * Shapes of what the API sends for mirrored lists. Every response is `unknown` until parsed here;
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
});

/** `?updatedSince=` answers `{items, deleted, cursor}`; a plain GET answers the whole array. */
export const incrementalListSchema = z.object({
  items: z.array(z.unknown()),
  deleted: z.array(z.string()).default([]),
  cursor: z.union([z.string(), z.number()]).transform(String),
});

export const listResponseSchema = z.union([z.array(z.unknown()), incrementalListSchema]);

export const messageBodySchema = z.object({ message: z.string() });

export type MirrorTableName = 'products' | 'orders';

/** Parse one server row of `table` into its mirror record for `department`, or undefined. */
export function toMirrorRecord(
  table: MirrorTableName,
  department: string,
  value: unknown,
): ProductRecord | OrderRecord | undefined {
  if (table === 'products') {
    const parsed = productWireSchema.safeParse(value);
    return parsed.success ? { ...parsed.data, department } : undefined;
  }
  const parsed = orderWireSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}
