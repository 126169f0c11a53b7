import { z } from 'zod';
import type { DeliveryRecord, SupplierRecord } from '../../../db/database.ts';

/**
 * What the API sends (domain/suppliers.ts `SupplierJson`, domain/goods-received.ts
 * `DeliveryJson`) as mirror records of `department`, confirmed (no entry waits on them), or
 * undefined for a malformed row (skipped).
 */
const supplierWireSchema = z.object({
  _id: z.string().min(1),
  name: z.string(),
  phone: z.string().nullable().default(null),
  notes: z.string().nullable().default(null),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
});

const deliveryWireSchema = z.object({
  _id: z.string().min(1),
  grnNumber: z.string().nullable(),
  supplierId: z.string(),
  supplierName: z.string().default(''),
  noteNumber: z.string(),
  receivedOn: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.number(),
  lines: z.array(
    z.object({
      position: z.number().int(),
      productId: z.string(),
      productName: z.string().default(''),
      location: z.string().default(''),
      quantity: z.number(),
      createdProduct: z.boolean().default(false),
    }),
  ),
  userId: z.string().default(''),
  userEmail: z.string().default(''),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
});

export function toSupplierRecord(value: unknown, department: string): SupplierRecord | undefined {
  const parsed = supplierWireSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}

export function toDeliveryRecord(value: unknown, department: string): DeliveryRecord | undefined {
  const parsed = deliveryWireSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}
