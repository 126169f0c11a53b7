// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/language.ts';
import { renderWithProviders } from '../../tests/support/jsdom.tsx';
import type { FailedEntry } from '../sync/sync-status.ts';
import { FailureRow } from './failure-row.tsx';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const refused: FailedEntry = {
  id: 'e-1',
  kind: 'product.update',
  department: 'hardware',
  label: { key: 'sync.op.updateProduct', values: { product: 'Hammer' } },
  message: 'Someone else changed this product since you opened it. Choose which values to keep.',
  createdAt: 1,
  unread: true,
  conflict: {
    fields: [
      { field: 'price', mine: 14_000, theirs: 13_000 },
      { field: 'barcode', mine: null, theirs: '4006381333931' },
    ],
    version: 2,
    values: {
      name: 'Hammer',
      description: 'Steel claw hammer',
      price: 13_000,
      quantity: 10,
      location: null,
      nutrients: null,
      barcode: '4006381333931',
      reorderLevel: null,
    },
  },
};

function renderRow() {
  renderWithProviders(<FailureRow entry={refused} />);
}

describe('a product edit refused as a conflict', () => {
  it('shows each field with both values and offers Apply mine again and Keep theirs', () => {
    setLanguage('en');
    renderRow();
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.getByText('On the server now: Tsh 13,000')).toBeTruthy();
    expect(screen.getByText('Yours: Tsh 14,000')).toBeTruthy();
    expect(screen.getByText('Yours: (none)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply mine again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep theirs' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('speaks Kiswahili to a Kiswahili user', () => {
    setLanguage('sw');
    renderRow();
    expect(
      screen.getByText(
        'Mtu mwingine amebadilisha bidhaa hii tangu ulipoifungua. Chagua thamani zipi zibaki.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Bei')).toBeTruthy();
    expect(screen.getByText('Sasa kwenye seva: Tsh 13,000')).toBeTruthy();
    expect(screen.getByText('Yako: Tsh 14,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weka yangu tena' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baki na yao' })).toBeTruthy();
  });
});
