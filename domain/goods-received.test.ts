import { describe, expect, it } from 'vitest';
import { departments } from './departments.ts';
import {
  deliveryCreateSchema,
  deliveryDepartmentIds,
  goodsReceivedMessages,
  grnNumber,
} from './goods-received.ts';
import { productFormVariant } from './products.ts';

const now = Date.parse('2026-11-28T09:00:00Z');
const schema = deliveryCreateSchema(() => now);
const base = {
  _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  supplierId: 'sup-1',
  noteNumber: 'DN-42',
  receivedOn: '2026-11-28',
  lines: [{ productId: 'p1', quantity: 5, location: 'Deck A' }],
};

function firstMessage(input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('delivery contract', () => {
  it('accepts a delivery of an existing product', () => {
    expect(schema.safeParse(base).success).toBe(true);
  });

  it('accepts a line that creates a new godown product', () => {
    const line = {
      newProduct: { name: 'Maize', description: 'Bags', price: 100, quantity: 3, location: 'A' },
    };
    expect(schema.safeParse({ ...base, lines: [line] }).success).toBe(true);
  });

  it('refuses a blank or over-long note number', () => {
    expect(firstMessage({ ...base, noteNumber: ' ' })).toBe(goodsReceivedMessages.noteRequired);
    expect(firstMessage({ ...base, noteNumber: 'x'.repeat(65) })).toBe(
      goodsReceivedMessages.noteTooLong,
    );
  });

  it('accepts tomorrow (clock skew) but refuses two days ahead', () => {
    expect(schema.safeParse({ ...base, receivedOn: '2026-11-29' }).success).toBe(true);
    expect(firstMessage({ ...base, receivedOn: '2026-11-30' })).toBe(
      goodsReceivedMessages.dateInFuture,
    );
  });

  it('refuses no lines and more than 100 lines', () => {
    expect(firstMessage({ ...base, lines: [] })).toBe(goodsReceivedMessages.linesRequired);
    const many = Array.from({ length: 101 }, () => base.lines[0]);
    expect(firstMessage({ ...base, lines: many })).toBe(goodsReceivedMessages.tooManyLines);
  });

  it('refuses a zero quantity', () => {
    expect(schema.safeParse({ ...base, lines: [{ ...base.lines[0], quantity: 0 }] }).success).toBe(
      false,
    );
  });

  it('numbers GRNs with six digits', () => {
    expect(grnNumber(123)).toBe('GRN-000123');
  });
});

describe('the departments that book deliveries', () => {
  it('are those whose menu lists deliveries, and each keeps products at a location', () => {
    expect(deliveryDepartmentIds.length).toBeGreaterThan(0);
    for (const id of deliveryDepartmentIds) {
      expect(productFormVariant(departments[id])).toBe('located');
    }
  });
});
