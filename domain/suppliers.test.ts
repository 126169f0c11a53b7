import { describe, expect, it } from 'vitest';
import { supplierMessages, supplierNameKey, supplierSchema } from './suppliers.ts';

describe('supplier contract', () => {
  it('requires a name and drops blank optional fields', () => {
    const result = supplierSchema.safeParse({ name: ' Azam ', phone: '', notes: null });
    expect(result.success && result.data).toEqual({ name: 'Azam' });
    const missing = supplierSchema.safeParse({ name: '  ' });
    expect(missing.success ? undefined : missing.error.issues[0]?.message).toBe(
      supplierMessages.nameRequired,
    );
  });

  it('treats names differing only in case and spaces as the same supplier', () => {
    expect(supplierNameKey(' AZAM Ltd ')).toBe(supplierNameKey('azam ltd'));
  });
});
