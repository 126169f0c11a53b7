// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db, type MovementLogRecord } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { signIn } from '../../../../tests/support/sync.ts';
import { MovementLogsPage } from './movement-logs-page.tsx';

function log(id: string, changes: Partial<MovementLogRecord>): MovementLogRecord {
  return {
    _id: id,
    transactionId: `3f2a9c1e-8b7d-4c6e-9a5f-${id.padStart(12, '0')}`,
    department: 'godown',
    productId: 'p',
    productName: 'Rice',
    destinationProductId: null,
    origin: 'Main Store',
    destination: 'Yard',
    transferQuantity: 1,
    reason: '',
    userId: 'u',
    userEmail: 'admin@example.com',
    transferDate: '2026-11-20T08:00:00.000Z',
    pendingOutboxId: null,
    ...changes,
  };
}

function renderLogs() {
  renderWithProviders(<MovementLogsPage dept="godown" />, { providers: Providers, at: '/' });
}

const productsInOrder = () =>
  screen
    .getAllByTestId('movement-log-row')
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');

beforeAll(async () => {
  setLanguage('en');
  await loadChakra();
});

beforeEach(async () => {
  await db.movementLogs.clear();
  await signIn(db);
});

afterEach(() => cleanup());

describe('MovementLogsPage', () => {
  it("says 'No movement logs found' when there are none", async () => {
    renderLogs();
    expect(await screen.findByText('No movement logs found')).toBeTruthy();
  });

  it('lists newest first with the short id, a labelled direction and the pending mark', async () => {
    await db.movementLogs.bulkPut([
      log('a', { productName: 'Oldest', transferDate: '2026-11-01T08:00:00.000Z' }),
      log('b', {
        productName: 'Newest',
        destination: 'Upper Deck',
        transferDate: '2026-11-22T08:00:00.000Z',
        pendingOutboxId: 'entry-1',
      }),
      log('c', {
        productName: 'Middle',
        origin: 'Deck 2',
        transferDate: '2026-11-10T08:00:00.000Z',
      }),
    ]);
    renderLogs();
    await screen.findByText('Newest');
    expect(productsInOrder()).toEqual([expect.stringContaining('Newest'), 'Middle', 'Oldest']);
    const rows = screen.getAllByTestId('movement-log-row');
    const row = (index: number) => within(rows[index] as HTMLElement);
    const [newest, middle, oldest] = [row(0), row(1), row(2)];
    expect(newest.getByText('0000000B')).toBeTruthy();
    expect(newest.getByText('Into deck')).toBeTruthy();
    expect(newest.getByText('Waiting to sync')).toBeTruthy();
    expect(middle.getByText('Out of deck')).toBeTruthy();
    expect(oldest.getByText('Between locations')).toBeTruthy();
    expect(oldest.queryByText('Waiting to sync')).toBeNull();
  });

  it('sorts by a column on click and searches', async () => {
    await db.movementLogs.bulkPut([
      log('a', { productName: 'Beans', transferQuantity: 30 }),
      log('b', { productName: 'Maize', transferQuantity: 2 }),
      log('c', { productName: 'Cement', transferQuantity: 15 }),
    ]);
    renderLogs();
    await screen.findByText('Maize');
    fireEvent.click(screen.getByRole('button', { name: /^Quantity/ }));
    await waitFor(() => expect(productsInOrder()).toEqual(['Maize', 'Cement', 'Beans']));
    fireEvent.click(screen.getByRole('button', { name: /^Quantity/ }));
    await waitFor(() => expect(productsInOrder()).toEqual(['Beans', 'Cement', 'Maize']));
    expect(screen.getByRole('columnheader', { name: /Quantity/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    fireEvent.change(screen.getByLabelText('Search movement logs'), { target: { value: 'cem' } });
    await waitFor(() => expect(productsInOrder()).toEqual(['Cement']));
  });
});
