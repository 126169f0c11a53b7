// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { departments } from '../../../../domain/departments.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { Providers } from '../../../app/providers.tsx';
import { setLanguage } from '../../../i18n/language.ts';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { ProductOptions } from './product-options.tsx';

const product = (overrides: Partial<ProductRecord> & { _id: string }): ProductRecord => ({
  department: 'godown',
  name: 'Maize bags',
  description: '',
  price: 85_000,
  quantity: 12,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

// The mirror's natural order of names; same-name rows in no particular order of location.
const godown = [
  product({ _id: 'beans', name: 'Beans', location: 'Shelf 1', quantity: 3, price: 4000 }),
  product({ _id: 'store-2', location: 'Store 2', quantity: 5 }),
  product({ _id: 'deck-a', location: 'Deck A', quantity: 12 }),
];

function renderSelect(products: ProductRecord[], dept: 'godown' | 'hardware') {
  renderWithProviders(
    <select aria-label="Product">
      <ProductOptions products={products} descriptor={departments[dept]} />
    </select>,
    { providers: Providers },
  );
  return screen.getByLabelText('Product');
}

afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the order screen’s product options', () => {
  it('name the location and its stock, one group per name kept at several locations', () => {
    setLanguage('en');
    const select = renderSelect(godown, 'godown');
    const texts = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(texts).toEqual([
      'Beans — Shelf 1 — 3 in stock — Tsh 4,000',
      'Maize bags — Deck A — 12 in stock — Tsh 85,000',
      'Maize bags — Store 2 — 5 in stock — Tsh 85,000',
    ]);
    const groups = select.querySelectorAll('optgroup');
    expect([...groups].map((group) => group.label)).toEqual(['Maize bags']);
    expect(groups[0]?.querySelectorAll('option')).toHaveLength(2);
  });

  it('read in Kiswahili', () => {
    setLanguage('sw');
    const select = renderSelect(godown.slice(0, 1), 'godown');
    expect(within(select).getByRole('option').textContent).toBe(
      'Beans — Shelf 1 — 3 zipo stoo — Tsh 4,000',
    );
  });

  it('stay name and price, ungrouped, where products carry no location', () => {
    const select = renderSelect(
      [
        product({ _id: 'a', department: 'hardware', name: 'Saw' }),
        product({ _id: 'b', department: 'hardware', name: 'Saw' }),
      ],
      'hardware',
    );
    expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Saw — Tsh 85,000');
    expect(select.querySelectorAll('optgroup')).toHaveLength(0);
  });
});
