// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { departments } from '../../../../domain/departments.ts';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { productRow } from '../../../../tests/support/product-catalog.ts';
import { DepartmentHomePage } from './department-home-page.tsx';

// Twelve godown products 'Item 01'..'Item 12' with quantities 0..11 at 'Shelf 1'..'Shelf 12'.
const products = Array.from({ length: 12 }, (_, index) =>
  productRow({
    _id: `gd-${index}`,
    department: 'godown',
    name: `Item ${String(index + 1).padStart(2, '0')}`,
    price: 1000 * (index + 1),
    quantity: index,
    location: `Shelf ${index + 1}`,
    // What the server stored before any offline order: the row derives it from the quantity.
    condition: 'new',
  }),
);

beforeAll(async () => {
  await db.products.bulkPut(products);
});

afterEach(() => {
  cleanup();
  setLanguage('en');
});

function renderGodownHome() {
  renderWithProviders(<DepartmentHomePage dept="godown" />, { providers: Providers, at: '/' });
}

/** The rows of the list, by the product name each one shows. */
function rowOf(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('li') as HTMLElement;
}

const rowNames = () =>
  screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('DepartmentHomePage as a list (godown)', () => {
  it('lists rows, not cards, ten a page, with location, condition and a Place Order link', async () => {
    setLanguage('en');
    renderGodownHome();
    expect(await screen.findByText('Products: 12')).toBeTruthy();
    expect(departments.godown.shopPageSize).toBe(10);
    expect(rowNames()).toEqual(products.slice(0, 10).map((product) => product.name));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    const row = within(rowOf('Item 08'));
    expect(row.getByText('Shelf 8')).toBeTruthy();
    expect(row.getByText('Tsh 8,000')).toBeTruthy();
    // Quantity 7: not 'Out of Stock' (under 6), so the condition; one word, no 'In Stock' badge.
    expect(row.getAllByText('low stock')).toHaveLength(1);
    expect(row.queryByText('In Stock')).toBeNull();
    const link = row.getByRole('link', { name: 'Place Order: Item 08' });
    expect(link.getAttribute('href')).toBe('/godown/order-item?product=gd-7');

    // Quantity 3: the godown list says 'Out of Stock' under 6 (spec section 4).
    const low = within(rowOf('Item 04'));
    expect(low.getByText('Out of Stock')).toBeTruthy();
    expect(low.queryByText('low stock')).toBeNull();

    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: '2' }));
    await waitFor(() => expect(rowNames()).toEqual(['Item 11', 'Item 12']));
    expect(within(rowOf('Item 12')).getByText('new')).toBeTruthy();
  });

  it('searches names', async () => {
    setLanguage('en');
    renderGodownHome();
    await screen.findByText('Products: 12');
    const box = screen.getByLabelText('Search products');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'item 1' } });
    await waitFor(() => expect(rowNames()).toEqual(['Item 10', 'Item 11', 'Item 12']));
  });

  it('shows the condition in Kiswahili, never the English value', async () => {
    setLanguage('sw');
    renderGodownHome();
    await screen.findByText('Bidhaa 12');
    const row = within(rowOf('Item 01'));
    expect(row.getByText('Mahali')).toBeTruthy();
    expect(row.getByText('Hali')).toBeTruthy();
    expect(row.getByText('Imeisha stoo')).toBeTruthy();
    expect(within(rowOf('Item 08')).getByText('zimebaki chache')).toBeTruthy();
    expect(screen.queryByText('low stock')).toBeNull();
    const box = screen.getByLabelText('Tafuta bidhaa');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'item 12' } });
    await waitFor(() => expect(rowNames()).toEqual(['Item 12']));
    expect(within(rowOf('Item 12')).getByText('mpya')).toBeTruthy();
    expect(screen.queryByText('new')).toBeNull();
    expect(row.getByRole('link', { name: 'Weka Oda: Item 01' })).toBeTruthy();
  });
});

describe('DepartmentHomePage as a list: one article at several locations', () => {
  const maize = (id: string, location: string) =>
    productRow({
      _id: id,
      department: 'godown',
      name: 'Maize bags',
      price: 85_000,
      quantity: 10,
      location,
      condition: 'new',
    });

  it('says on each row how many locations hold the article, and follows the mirror', async () => {
    await db.products.bulkPut([maize('mz-1', 'Deck A'), maize('mz-2', 'Store 2')]);
    try {
      setLanguage('en');
      renderGodownHome();
      await screen.findByText('Products: 14');
      // An article at one location says nothing.
      expect(screen.queryByText(/^\d+ locations?$/)).toBeNull();
      const box = screen.getByLabelText('Search products');
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: 'maize' } });
      await waitFor(() => expect(rowNames()).toEqual(['Maize bags', 'Maize bags']));
      await waitFor(() => expect(screen.getAllByText('2 locations')).toHaveLength(2));

      // A transfer into a third location (a pull, a command): every row of the article follows.
      await db.products.put(maize('mz-3', 'Store 3'));
      await waitFor(() => expect(screen.getAllByText('3 locations')).toHaveLength(3));
    } finally {
      await db.products.bulkDelete(['mz-1', 'mz-2', 'mz-3']);
    }
  });
});
