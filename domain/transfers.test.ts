import { describe, expect, it } from 'vitest';
import {
  directionColors,
  searchMovementLogs,
  shortTransactionId,
  sortMovementLogs,
  transferDepartmentIds,
  transferDirection,
  transferInputSchema,
  transferMessages,
  transferProblem,
  type MovementLogJson,
} from './transfers.ts';

const valid = {
  productId: 'p1',
  transferQuantity: 5,
  origin: 'Main store',
  destination: 'Deck A',
  reason: 'restock',
};

function firstMessage(values: unknown): string | undefined {
  const parsed = transferInputSchema.safeParse(values);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('transfer input', () => {
  it('accepts a complete transfer, trimming text and reading a quantity typed as text', () => {
    const parsed = transferInputSchema.parse({
      ...valid,
      transferQuantity: ' 7 ',
      origin: ' Main store ',
      reason: undefined,
    });
    expect(parsed).toMatchObject({ transferQuantity: 7, origin: 'Main store', reason: '' });
  });

  it.each([0, -1, 1.5, '', 'abc', '0x10', null, undefined])(
    'refuses quantity %j with the spec message',
    (transferQuantity) => {
      expect(firstMessage({ ...valid, transferQuantity })).toBe(transferMessages.quantityMin);
    },
  );

  it.each([{ origin: '' }, { destination: '   ' }, { origin: undefined }, { destination: null }])(
    'refuses a missing location %j with the spec message',
    (change) => {
      expect(firstMessage({ ...valid, ...change })).toBe(transferMessages.locationsRequired);
    },
  );

  it('refuses a destination that is the origin, whatever the case', () => {
    expect(firstMessage({ ...valid, destination: ' main STORE' })).toBe(
      transferMessages.sameLocation,
    );
  });

  it('refuses an over-long reason and a client id that is not a UUID', () => {
    expect(firstMessage({ ...valid, reason: 'x'.repeat(501) })).toBe(
      transferMessages.reasonTooLong,
    );
    expect(firstMessage({ ...valid, _id: 'not-a-uuid' })).toBe(transferMessages.invalidId);
  });

  it('checks the quantity against the stock the device knows', () => {
    expect(transferProblem(valid, 5)).toBeNull();
    expect(transferProblem(valid, 4)).toBe(transferMessages.exceedsStock);
    expect(transferProblem({ ...valid, transferQuantity: 0 }, 4)).toBe(
      transferMessages.quantityMin,
    );
  });

  it('is offered where the department menu has the move screen', () => {
    expect(transferDepartmentIds).toEqual(['godown']);
  });
});

describe('movement log display', () => {
  it('shows the last 8 characters after the final hyphen, uppercased', () => {
    expect(shortTransactionId('3f2a9c1e-8b7d-4c6e-9a5f-4e6f9a0b1c2d')).toBe('9A0B1C2D');
    expect(shortTransactionId('ab-xyz')).toBe('XYZ');
    expect(shortTransactionId('nohyphen123456')).toBe('EN123456');
  });

  it('colours by deck: into a deck green, out of one red, otherwise blue', () => {
    expect(transferDirection({ origin: 'Store', destination: 'Upper DECK' })).toBe('in');
    expect(transferDirection({ origin: 'deck 2', destination: 'Store' })).toBe('out');
    expect(transferDirection({ origin: 'Deck 1', destination: 'Deck 2' })).toBe('in');
    expect(transferDirection({ origin: 'Store', destination: 'Yard' })).toBe('between');
    expect(directionColors).toEqual({ in: 'green', out: 'red', between: 'blue' });
  });

  const log = (id: string, changes: Partial<MovementLogJson>): MovementLogJson => ({
    _id: id,
    transactionId: `0000-${id}`,
    productId: 'p',
    productName: 'Rice',
    destinationProductId: null,
    origin: 'Store',
    destination: 'Deck',
    transferQuantity: 1,
    reason: '',
    userId: 'u',
    userEmail: 'admin@example.com',
    transferDate: '2026-11-23T10:00:00.000Z',
    ...changes,
  });

  it('sorts by any column, numbers as numbers, ties by id', () => {
    const logs = [
      log('a', { transferQuantity: 10, transferDate: '2026-11-22T10:00:00.000Z' }),
      log('b', { transferQuantity: 9, transferDate: '2026-11-23T10:00:00.000Z' }),
      log('c', { transferQuantity: 9, transferDate: '2026-11-21T10:00:00.000Z' }),
    ];
    expect(sortMovementLogs(logs, 'transferDate', 'desc').map((l) => l._id)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(sortMovementLogs(logs, 'transferQuantity', 'asc').map((l) => l._id)).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('searches product, locations, reason, user and the short id case-insensitively', () => {
    const logs = [
      log('a', { productName: 'Maize flour' }),
      log('b', { reason: 'Broken pallet' }),
      log('c', { transactionId: '1-2-3-4-abcdef123456' }),
    ];
    expect(searchMovementLogs(logs, 'MAIZE').map((l) => l._id)).toEqual(['a']);
    expect(searchMovementLogs(logs, 'pallet').map((l) => l._id)).toEqual(['b']);
    expect(searchMovementLogs(logs, 'ef123456').map((l) => l._id)).toEqual(['c']);
    expect(searchMovementLogs(logs, '  ')).toHaveLength(3);
  });
});
