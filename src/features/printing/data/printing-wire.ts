import { z } from 'zod';
import { departments } from '../../../../domain/departments.ts';
import { printingCategories } from '../../../../domain/printing.ts';
import type { PrintingOrderRecord } from '../../../db/database.ts';

/** The scope key of the printing list (its rows' `department`) and the API's path segment. */
export const printingDepartment = departments.printing.id;

/**
 * The printing order the API sends (domain/printing.ts `PrintingOrderJson`), parsed before it
 * reaches the mirror: every answer is `unknown` until here, and a malformed row is skipped rather
 * than poisoning the list.
 */
export const printingOrderWireSchema = z.object({
  _id: z.string().min(1),
  receiptNumber: z.string().nullable().default(null),
  description: z.string(),
  price: z.number(),
  quantity: z.number(),
  totalPrice: z.number(),
  contact: z.string(),
  category: z.enum(printingCategories),
  userId: z.string().default(''),
  version: z.number().default(0),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
});

/** A server printing order as the mirror record (confirmed: no entry waits on it), or undefined. */
export function toPrintingOrderRecord(
  value: unknown,
  department: string,
): PrintingOrderRecord | undefined {
  const parsed = printingOrderWireSchema.safeParse(value);
  return parsed.success ? { ...parsed.data, department, pendingOutboxId: null } : undefined;
}
