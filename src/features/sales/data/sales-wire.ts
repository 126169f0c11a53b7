import { z } from 'zod';
import type { SaleRecord } from '../../../db/database.ts';

/**
 * A sale the API sends (domain/sales.ts `SaleJson`) as the mirror record of `department`,
 * confirmed (no entry waits on it), or undefined for a malformed row (skipped).
 */
const saleWireSchema = z.object({
  _id: z.string().min(1),
  saleNumber: z.string().nullable(),
  total: z.number(),
  lineCount: z.number().int(),
  lines: z.array(
    z.object({
      _id: z.string().min(1),
      orderId: z.string().nullable(),
      productId: z.string(),
      productName: z.string().default(''),
      quantity: z.number(),
      price: z.number(),
      total: z.number(),
    }),
  ),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
});

export function toSaleRecord(value: unknown, department: string): SaleRecord | undefined {
  const parsed = saleWireSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}
