import { z } from 'zod';
import { requiredText } from './products.ts';

/** Suppliers of the godown (issue 25 item 3). Names are unique per company, ignoring case. */
export const supplierMessages = {
  nameRequired: 'Supplier name is required',
  nameTooLong: 'Supplier name must be at most 200 characters',
  phoneTooLong: 'Phone must be at most 40 characters',
  notesTooLong: 'Notes must be at most 1000 characters',
  duplicateName: 'A supplier with this name already exists',
  invalidId: 'Invalid supplier id',
  idTaken: 'A supplier with this id already exists',
  notFound: 'Supplier not found',
  created: 'Supplier added',
  updated: 'Supplier updated',
} as const;

function optionalText(max: number, tooLong: string) {
  return z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.string({ error: tooLong }).trim().max(max, { error: tooLong }).optional(),
  );
}

export const supplierSchema = z.object({
  name: requiredText(supplierMessages.nameRequired, 200, supplierMessages.nameTooLong),
  phone: optionalText(40, supplierMessages.phoneTooLong),
  notes: optionalText(1000, supplierMessages.notesTooLong),
  _id: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.uuid({ error: supplierMessages.invalidId }).optional(),
  ),
});
export type SupplierInput = z.infer<typeof supplierSchema>;

/** The key that makes two names the same supplier: trimmed, lower-cased (case-insensitive). */
export function supplierNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

/** A supplier as the API returns it. */
export interface SupplierJson {
  _id: string;
  name: string;
  phone: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}
