// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatTsh } from '../../../../domain/money.ts';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db, type SaleRecord } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { SaleDetailPage } from './sale-detail-page.tsx';

const line = {
  _id: 'o-1',
  orderId: 'ORD-HW-000001',
  productId: 'p-hammer',
  productName: 'Hammer',
  quantity: 2,
  price: 5_000,
  total: 10_000,
};

function sale(overrides: Partial<SaleRecord>): SaleRecord {
  return {
    _id: 's-1',
    department: 'hardware',
    saleNumber: 'SALE-HW-000001',
    total: 10_000,
    lineCount: 1,
    lines: [line],
    createdAt: '2026-11-28T09:00:00.000Z',
    updatedAt: '2026-11-28T09:00:00.000Z',
    pendingOutboxId: null,
    ...overrides,
  };
}

function renderPage() {
  renderWithProviders(<SaleDetailPage dept="hardware" id="s-1" />, {
    providers: Providers,
    path: '/$dept/sales/$id',
    at: '/hardware/sales/s-1',
  });
}

beforeAll(async () => {
  setLanguage('en');
  await loadChakra();
});

beforeEach(() => db.sales.clear());
afterEach(() => cleanup());

describe('SaleDetailPage', () => {
  it('lists the live lines with a receipt to print', async () => {
    await db.sales.put(sale({}));
    renderPage();
    expect(await screen.findAllByText('Hammer')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: /Print receipt/ })).toBeTruthy();
    expect(screen.queryByTestId('sale-no-lines')).toBeNull();
  });

  it('says every item was deleted, with no table and no receipt, once the sale has no lines', async () => {
    await db.sales.put(sale({ total: 0, lineCount: 0, lines: [] }));
    renderPage();
    expect((await screen.findByTestId('sale-no-lines')).textContent).toBe(
      'All items of this sale were deleted on the Orders page.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Print receipt/ })).toBeNull();
    expect(screen.getByText(formatTsh(0))).toBeTruthy();
  });
});
