import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../db/database.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { translate } from '../../../i18n/translate.ts';
import { ordersSheet } from './orders-export.ts';

const sw = (key: MessageKey) => translate('sw', key);

const order = (overrides: Partial<OrderRecord>): OrderRecord => ({
  _id: 'o-1',
  department: 'stationery',
  orderId: 'ORD-ST-000001',
  productId: 'p-1',
  productName: 'Pens',
  quantity: 3,
  price: 500,
  total: 1500,
  status: 'pending',
  createdAt: '2026-11-25T21:30:00.000Z',
  updatedAt: '2026-11-25T21:30:00.000Z',
  ...overrides,
});

describe('orders export', () => {
  it('writes each order with its business-time date and whether the server has it', () => {
    const sheet = ordersSheet(
      [order({}), order({ _id: 'o-2', orderId: null, pendingOutboxId: 'e-1', status: 'done' })],
      sw,
    );
    expect(sheet).toEqual([
      [
        'Tarehe',
        'Namba ya oda',
        'Bidhaa',
        'Idadi',
        'Bei kwa kimoja (Tsh)',
        'Jumla (Tsh)',
        'Hali',
        'Imetumwa kwenye seva',
      ],
      [
        '2026-11-26 00:30',
        'ORD-ST-000001',
        'Pens',
        3,
        500,
        1500,
        sw('catalog.orderStatus.pending'),
        'Ndiyo',
      ],
      // Placed offline: no human id yet, so the order's own id; still waiting on the tablet.
      ['2026-11-26 00:30', 'o-2', 'Pens', 3, 500, 1500, 'done', 'Hapana, inasubiri kwenye kifaa'],
    ]);
  });

  it('adds a Location column from the mirror where the products carry one', () => {
    const sheet = ordersSheet(
      [order({ department: 'godown', productId: 'p-1' }), order({ _id: 'o-2', productId: 'gone' })],
      sw,
      { locations: new Map([['p-1', 'Deck A']]) },
    );
    expect(sheet[0]?.slice(2, 4)).toEqual(['Bidhaa', 'Mahali']);
    expect(sheet[1]?.slice(2, 4)).toEqual(['Pens', 'Deck A']);
    // The product was deleted since: the order still lists, its location blank.
    expect(sheet[2]?.slice(2, 4)).toEqual(['Pens', '']);
  });
});
