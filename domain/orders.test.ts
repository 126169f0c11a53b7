import { describe, expect, it } from 'vitest';
import {
  formatOrderId,
  orderCreateSchema,
  orderEditSchema,
  orderMessages,
  orderPeriodFilter,
  orderTotal,
} from './orders.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('orderCreateSchema', () => {
  it('keeps product, quantity and a client id and drops the spec extra fields', () => {
    const id = '0b7a1f0e-9a4c-4d36-a7d1-6c0f4f7b1c2d';
    const parsed = orderCreateSchema.parse({
      _id: id,
      productId: 'p1',
      productName: 'Hammer',
      quantity: 2,
      price: 1,
      total: 2,
      status: 'done',
    });
    expect(parsed).toEqual({ _id: id, productId: 'p1', quantity: 2 });
  });

  it('asks for a product and a whole quantity of at least 1', () => {
    expect(firstMessage(orderCreateSchema.safeParse({ quantity: 1 }))).toBe(
      orderMessages.selectProduct,
    );
    expect(firstMessage(orderCreateSchema.safeParse({ productId: 'p', quantity: 0 }))).toBe(
      orderMessages.quantityMin,
    );
    expect(firstMessage(orderCreateSchema.safeParse({ productId: 'p', quantity: 1.5 }))).toBe(
      orderMessages.quantityMin,
    );
    expect(firstMessage(orderCreateSchema.safeParse({ productId: 'p' }))).toBe(
      orderMessages.quantityMin,
    );
  });

  it('rejects an id that is not a UUID', () => {
    expect(
      firstMessage(orderCreateSchema.safeParse({ _id: 'x', productId: 'p', quantity: 1 })),
    ).toBe(orderMessages.invalidId);
  });
});

describe('orderEditSchema', () => {
  it('accepts a whole quantity of at least 1 only', () => {
    expect(orderEditSchema.parse({ quantity: '3' })).toEqual({ quantity: 3 });
    expect(orderEditSchema.safeParse({ quantity: 0 }).success).toBe(false);
  });
});

describe('orderTotal and formatOrderId', () => {
  it('multiplies whole shillings', () => {
    expect(orderTotal(12_500, 3)).toBe(37_500);
  });

  it('formats the human order id with six digits', () => {
    expect(formatOrderId('HW', 123)).toBe('ORD-HW-000123');
    expect(formatOrderId('GD', 1_234_567)).toBe('ORD-GD-1234567');
  });
});

describe('orderPeriodFilter', () => {
  // Wednesday 18 November 2026, 15:00 local time.
  const now = new Date(2026, 10, 18, 15, 0, 0);

  it('keeps everything for All', () => {
    expect(orderPeriodFilter('all', now, new Date(2001, 0, 1))).toBe(true);
  });

  it('keeps only the local calendar day for Today', () => {
    expect(orderPeriodFilter('today', now, new Date(2026, 10, 18, 0, 0, 0))).toBe(true);
    expect(orderPeriodFilter('today', now, new Date(2026, 10, 18, 23, 59, 59))).toBe(true);
    expect(orderPeriodFilter('today', now, new Date(2026, 10, 17, 23, 59, 59))).toBe(false);
    expect(orderPeriodFilter('today', now, new Date(2026, 10, 19, 0, 0, 0))).toBe(false);
  });

  it('runs the week from Sunday to Saturday', () => {
    expect(orderPeriodFilter('week', now, new Date(2026, 10, 15, 0, 0, 0))).toBe(true);
    expect(orderPeriodFilter('week', now, new Date(2026, 10, 21, 23, 59))).toBe(true);
    expect(orderPeriodFilter('week', now, new Date(2026, 10, 14, 23, 59))).toBe(false);
    expect(orderPeriodFilter('week', now, new Date(2026, 10, 22, 0, 0))).toBe(false);
  });

  it('treats Sunday as the first day of its own week', () => {
    const sunday = new Date(2026, 10, 22, 9, 0);
    expect(orderPeriodFilter('week', sunday, new Date(2026, 10, 22, 0, 0))).toBe(true);
    expect(orderPeriodFilter('week', sunday, new Date(2026, 10, 21, 23, 0))).toBe(false);
  });

  it('keeps the calendar month for This Month', () => {
    expect(orderPeriodFilter('month', now, new Date(2026, 10, 1, 0, 0))).toBe(true);
    expect(orderPeriodFilter('month', now, new Date(2026, 10, 30, 23, 59))).toBe(true);
    expect(orderPeriodFilter('month', now, new Date(2026, 9, 31, 23, 59))).toBe(false);
    expect(orderPeriodFilter('month', now, new Date(2026, 11, 1, 0, 0))).toBe(false);
  });

  it('accepts ISO strings and rejects unreadable dates', () => {
    expect(orderPeriodFilter('month', now, new Date(2026, 10, 5).toISOString())).toBe(true);
    expect(orderPeriodFilter('today', now, 'not a date')).toBe(false);
  });
});
