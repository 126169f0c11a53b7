import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../db/database.ts';
import { orderReceipt } from './order-receipt.ts';

const queued: OrderRecord = {
  _id: '5e0d2c4b-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  department: 'hardware',
  orderId: null,
  productId: 'product-1',
  productName: 'Claw hammer 16 oz',
  quantity: 3,
  price: 12_500,
  total: 37_500,
  status: 'pending',
  createdAt: '2026-02-01T10:05:00.000Z',
  updatedAt: '2026-02-01T10:05:00.000Z',
  pendingOutboxId: 'entry-1',
};

describe('the receipt of an order', () => {
  it('is provisional, numbered from the client id, while the server has not accepted it', () => {
    expect(orderReceipt(queued)).toEqual({
      number: 'OFFLINE-5E0D2C4B',
      provisional: true,
      createdAt: '2026-02-01T10:05:00.000Z',
      department: 'hardware',
      lines: [{ name: 'Claw hammer 16 oz', quantity: 3, unitPrice: 12_500, lineTotal: 37_500 }],
      total: 37_500,
    });
  });

  it("carries the server's order id once synced", () => {
    const synced = { ...queued, orderId: 'ORD-HW-000042', pendingOutboxId: null };
    expect(orderReceipt(synced)).toMatchObject({ number: 'ORD-HW-000042', provisional: false });
  });

  it('prices a row without a total from its unit price, as the details page does', () => {
    const receipt = orderReceipt({ ...queued, total: Number.NaN });
    expect(receipt.total).toBe(37_500);
    expect(receipt.lines[0]?.lineTotal).toBe(37_500);
  });
});
