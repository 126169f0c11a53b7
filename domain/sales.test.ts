import { describe, expect, it } from 'vitest';
import { formatSaleId, saleCreateSchema, saleMessages } from './sales.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function messages(body: unknown): string[] {
  const result = saleCreateSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('sale contract', () => {
  it('accepts a sale of several products', () => {
    const sale = {
      _id: id(1),
      lines: [
        { _id: id(2), productId: 'a', quantity: 2 },
        { _id: id(3), productId: 'b', quantity: '1' },
      ],
    };
    expect(saleCreateSchema.parse(sale).lines[1]?.quantity).toBe(1);
  });

  it('refuses an empty sale and more than 50 lines', () => {
    expect(messages({ _id: id(1), lines: [] })).toEqual([saleMessages.noLines]);
    const lines = Array.from({ length: 51 }, (_, n) => ({
      _id: id(n + 10),
      productId: `p${n}`,
      quantity: 1,
    }));
    expect(messages({ _id: id(1), lines })).toEqual([saleMessages.tooManyLines]);
  });

  it('refuses the same product twice and a line id used twice', () => {
    const lines = [
      { _id: id(2), productId: 'a', quantity: 1 },
      { _id: id(2), productId: 'a', quantity: 1 },
    ];
    expect(messages({ _id: id(1), lines })).toEqual([
      saleMessages.duplicateProduct,
      saleMessages.duplicateLineId,
    ]);
  });

  it('refuses a missing sale id, a bad quantity and a non-array', () => {
    expect(messages({ lines: [{ _id: id(2), productId: 'a', quantity: 1 }] })).toEqual([
      saleMessages.invalidId,
    ]);
    expect(messages({ _id: id(1), lines: [{ _id: id(2), productId: 'a', quantity: 0 }] })).toEqual([
      'Quantity must be at least 1',
    ]);
    expect(messages({ _id: id(1), lines: 'x' })).toEqual([saleMessages.noLines]);
  });

  it('formats the sale number with the department prefix', () => {
    expect(formatSaleId('HW', 42)).toBe('SALE-HW-000042');
    expect(formatSaleId('GD', 1234567)).toBe('SALE-GD-1234567');
  });
});
