import { describe, expect, it } from 'vitest';
import type { MovementLogRecord } from '../../../db/database.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { translate } from '../../../i18n/translate.ts';
import { logTexts, movementLogsSheet } from './movement-logs-export.ts';

const en = (key: MessageKey) => translate('en', key);
const sw = (key: MessageKey) => translate('sw', key);

const log: MovementLogRecord = {
  _id: 'l-1',
  department: 'godown',
  transactionId: 'TRX-20261126-4e6f9a0b1c2d',
  productId: 'p-1',
  productName: 'Cement',
  destinationProductId: 'p-2',
  origin: 'Main Store',
  destination: 'Deck 2',
  transferQuantity: 5,
  reason: '-restock',
  userId: 'u-1',
  userEmail: 'clerk@example.com',
  transferDate: '2026-11-26T06:00:00.000Z',
};

describe('movement logs export', () => {
  it('shows a stock count adjustment in the UI language and typed places and reasons as typed', () => {
    const adjustment = { origin: 'Deck 2', destination: 'Stock count', reason: 'stock count' };
    expect(logTexts(adjustment, sw)).toEqual({
      origin: 'Deck 2',
      destination: 'Hesabu ya stoo',
      reason: 'hesabu ya stoo',
    });
    expect(logTexts({ ...adjustment, reason: 'Stock count at night' }, sw).reason).toBe(
      'Stock count at night',
    );
  });

  it('keeps the whole transaction id and names the direction', () => {
    const [header, row] = movementLogsSheet([log], en, 'UTC');
    expect(header?.[1]).toBe(en('transfers.logs.col.transactionId'));
    expect(row).toEqual([
      '2026-11-26 06:00',
      'TRX-20261126-4e6f9a0b1c2d',
      'Cement',
      'Main Store',
      'Deck 2',
      5,
      en('transfers.direction.in'),
      '-restock',
      'clerk@example.com',
      'Yes',
    ]);
  });
});
