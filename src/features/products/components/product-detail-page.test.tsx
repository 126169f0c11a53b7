// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { productRow } from '../../../../tests/support/product-catalog.ts';
import { ProductDetailPage } from './product-detail-page.tsx';

// One article at three godown locations, another article at one of them, and a hardware
// product of the same name (another department is never "elsewhere").
const maize = (id: string, location: string, quantity: number) =>
  productRow({ _id: id, department: 'godown', name: 'Maize bags', location, quantity });

beforeAll(async () => {
  await loadChakra();
  await db.products.bulkPut([
    maize('gd-main', 'Main Store', 20),
    maize('gd-deck', 'Deck A', 12),
    productRow({ _id: 'gd-store', department: 'godown', name: 'maize Bags', location: 'Store 2' }),
    productRow({ _id: 'gd-rice', department: 'godown', name: 'Rice bags', location: 'Deck A' }),
    productRow({ _id: 'hw-maize', department: 'hardware', name: 'Maize bags' }),
  ]);
});

afterEach(() => {
  cleanup();
  setLanguage('en');
});

/** The page for the address's product, as the app's route gives it. */
function ProductPageOfAddress() {
  const params = useParams({ strict: false });
  return (
    <ProductDetailPage
      dept={params.dept as ProductDepartmentId}
      id={params.id ?? ''}
      OrderForm={() => null}
    />
  );
}

/** The product page at /{dept}/products/{id}, in a memory router so its links navigate. */
function renderProductPage(dept: ProductDepartmentId, id: string): void {
  renderWithProviders(<ProductPageOfAddress />, {
    providers: Providers,
    path: '/$dept/products/$id',
    at: `/${dept}/products/${id}`,
  });
}

describe('ProductDetailPage: the same article at other locations', () => {
  it("lists 'Also at' with each other location's stock, linking to its product page", async () => {
    setLanguage('en');
    renderProductPage('godown', 'gd-main');
    const alsoAt = await screen.findByTestId('also-at');
    expect(within(alsoAt).getByText('Also at:')).toBeTruthy();
    const links = within(alsoAt).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Deck A (12)', 'Store 2 (10)']);
    expect(links[0]?.getAttribute('href')).toBe('/godown/products/gd-deck');

    fireEvent.click(links[0] as HTMLElement);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('also-at'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Main Store (20)', 'Store 2 (10)']),
    );
  });

  it('says nothing for an article kept at one location, nor in a department without locations', async () => {
    renderProductPage('godown', 'gd-rice');
    await screen.findByRole('heading', { level: 1, name: 'Rice bags' });
    expect(screen.queryByTestId('also-at')).toBeNull();
    cleanup();
    renderProductPage('hardware', 'hw-maize');
    await screen.findByRole('heading', { level: 1, name: 'Maize bags' });
    expect(screen.queryByTestId('also-at')).toBeNull();
  });

  it('reads in Kiswahili', async () => {
    setLanguage('sw');
    renderProductPage('godown', 'gd-store');
    const alsoAt = await screen.findByTestId('also-at');
    expect(within(alsoAt).getByText('Pia ipo:')).toBeTruthy();
  });
});
