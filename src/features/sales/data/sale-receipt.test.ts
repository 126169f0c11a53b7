import { describe, expect, it } from 'vitest';
import type { SaleRecord } from '../../../db/database.ts';
import { saleReceipt } from './sale-receipt.ts';

const queued: SaleRecord = {
  _id: '9a8b7c6d-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  department: 'hardware',
  saleNumber: null,
  total: 52_500,
  lineCount: 2,
  lines: [
    {
      _id: 'line-1',
      orderId: null,
      productId: 'p-1',
      productName: 'Claw hammer 16 oz',
      quantity: 3,
      price: 12_500,
      total: 37_500,
    },
    {
      _id: 'line-2',
      orderId: null,
      productId: 'p-2',
      productName: 'Nails 2" (1 kg)',
      quantity: 1,
      price: 15_000,
      total: 15_000,
    },
  ],
  createdAt: '2026-02-01T10:05:00.000Z',
  updatedAt: '2026-02-01T10:05:00.000Z',
  pendingOutboxId: 'entry-1',
};

describe('the receipt of a sale', () => {
  it('is provisional, numbered from the client id, while the sale waits in the outbox', () => {
    expect(saleReceipt(queued)).toEqual({
      number: 'OFFLINE-9A8B7C6D',
      provisional: true,
      createdAt: '2026-02-01T10:05:00.000Z',
      department: 'hardware',
      lines: [
        { name: 'Claw hammer 16 oz', quantity: 3, unitPrice: 12_500, lineTotal: 37_500 },
        { name: 'Nails 2" (1 kg)', quantity: 1, unitPrice: 15_000, lineTotal: 15_000 },
      ],
      total: 52_500,
    });
  });

  it("carries the server's sale number once the sale is confirmed", () => {
    const synced = { ...queued, saleNumber: 'SALE-HW-000042', pendingOutboxId: null };
    expect(saleReceipt(synced)).toMatchObject({ number: 'SALE-HW-000042', provisional: false });
  });

  it('stays provisional while a number is known but a change of the sale still waits', () => {
    const waiting = { ...queued, saleNumber: 'SALE-HW-000042' };
    expect(saleReceipt(waiting)).toMatchObject({ number: 'OFFLINE-9A8B7C6D', provisional: true });
  });
});
