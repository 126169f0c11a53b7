// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { signIn } from '../../../../tests/support/sync.ts';
import { db } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { loadSession } from '../../../session/session.ts';
import { retentionKey } from '../../../sync/retention.ts';
import { syncStatusStore } from '../../../sync/sync-status.ts';
import type { OlderOrders as OlderOrdersResult } from '../data/admin-older-orders-api.ts';
import { OlderOrders } from './older-orders.tsx';

const fetchOrdersCreatedIn =
  vi.fn<() => Promise<{ ok: true; value: OlderOrdersResult } | { ok: false; reason: 'network' }>>();
vi.mock('../data/admin-older-orders-api.ts', () => ({
  fetchOrdersCreatedIn: (...args: unknown[]) => fetchOrdersCreatedIn(...(args as [])),
}));

beforeAll(async () => {
  await loadChakra();
});

beforeEach(async () => {
  setLanguage('en');
  await Promise.all([db.orders.clear(), db.syncState.clear()]);
  await signIn(db);
  await loadSession();
  fetchOrdersCreatedIn.mockReset();
  syncStatusStore.setOnline(true);
});

afterEach(() => cleanup());

function renderOlder() {
  renderWithProviders(<OlderOrders dept="hardware" />, { providers: Providers });
}

describe('older orders on the Orders page', () => {
  it('reads a chosen month from the server and shows it without storing it on the tablet', async () => {
    fetchOrdersCreatedIn.mockResolvedValue({
      ok: true,
      value: {
        complete: true,
        orders: [
          {
            _id: 'o-1',
            orderId: 'ORD-HW-000001',
            productId: 'p-1',
            productName: 'Hammer',
            quantity: 2,
            price: 5000,
            total: 10_000,
            createdAt: '2026-05-10T08:00:00.000Z',
          },
        ],
      },
    });
    renderOlder();
    await screen.findByText(/keeps the orders of the last 90 days/);
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show orders' }));
    await screen.findByText('Hammer');
    expect(screen.getByText('Read from the server; not saved on this tablet.')).toBeTruthy();
    expect(screen.getByText('Tsh 10,000')).toBeTruthy();
    expect(fetchOrdersCreatedIn).toHaveBeenCalledWith('token-user-alice', 'hardware', {
      since: new Date(2026, 4, 1).toISOString(),
      before: new Date(2026, 5, 1).toISOString(),
    });
    expect(await db.orders.count()).toBe(0);
  });

  it('says plainly, in English and Kiswahili, that older orders need a connection', async () => {
    syncStatusStore.setOnline(false);
    renderOlder();
    fireEvent.click(await screen.findByRole('button', { name: 'Show orders' }));
    await screen.findByText(/You are offline. Orders older than 90 days are not kept/);
    expect(fetchOrdersCreatedIn).not.toHaveBeenCalled();
    setLanguage('sw');
    await screen.findByText(/Uko nje ya mtandao. Oda za zamani kuliko siku 90/);
  });

  it('treats a call that reaches no server like being offline', async () => {
    fetchOrdersCreatedIn.mockResolvedValue({ ok: false, reason: 'network' });
    renderOlder();
    fireEvent.click(await screen.findByRole('button', { name: 'Show orders' }));
    await screen.findByText('Needs a connection');
  });

  it('keeps the number of days the user chooses as this tablet’s setting', async () => {
    renderOlder();
    const select = await screen.findByLabelText('Orders kept on this tablet');
    fireEvent.change(select, { target: { value: '30' } });
    await waitFor(async () =>
      expect((await db.syncState.get(retentionKey('orders')))?.keepDays).toBe(30),
    );
    await screen.findByText(/keeps the orders of the last 30 days/);
  });
});
