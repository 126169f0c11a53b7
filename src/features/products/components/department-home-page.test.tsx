// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { departments, type ProductDepartmentId } from '../../../../domain/departments.ts';
import { pageSlice } from '../../../../domain/pagination.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { lastSyncKey } from '../../../sync/sync-state-keys.ts';
import { bob, signIn } from '../../../../tests/support/sync.ts';
import {
  countProductRowsRead,
  generatedProducts,
} from '../../../../tests/support/product-catalog.ts';
import { listProducts } from '../../department/product-list.ts';
import { DepartmentHomePage } from './department-home-page.tsx';

// Installed before anything opens the app's database.
const counter = countProductRowsRead(db);
const { searchFields, shopPageSize } = departments.hardware;

beforeAll(async () => {
  setLanguage('en');
  await db.products.bulkPut(generatedProducts(240, 7));
});

afterEach(() => cleanup());

function renderHome(dept: ProductDepartmentId = 'hardware') {
  renderWithProviders(<DepartmentHomePage dept={dept} />, { providers: Providers, at: '/' });
}

/** What the page showed before: the whole department read, filtered and sliced. */
async function expectedNames(query: string, page = 1) {
  const matches = filterBySearch(await listProducts('hardware', db), query, searchFields);
  return {
    count: matches.length,
    names: pageSlice(matches, page, shopPageSize).map((row) => row.name),
  };
}

const cardNames = () =>
  screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('DepartmentHomePage', () => {
  it('shows the first page in name order, reading only that page', async () => {
    const expected = await expectedNames('');
    counter.rows = 0;
    renderHome();
    expect(await screen.findByText(`Products: ${expected.count}`)).toBeTruthy();
    expect(cardNames()).toEqual(expected.names);
    expect(screen.getByText(`Page 1 of ${Math.ceil(expected.count / shopPageSize)}`)).toBeTruthy();
    // The live query may run more than once while it subscribes; never the whole department.
    expect(counter.rows).toBeGreaterThan(0);
    expect(counter.rows).toBeLessThanOrEqual(2 * shopPageSize);
    expect(expected.count).toBeGreaterThan(10 * shopPageSize);
  });

  it('searches name and description after the debounce, then pages the matches', async () => {
    renderHome();
    await screen.findByText(/^Products: /);
    const box = screen.getByLabelText('Search products');
    fireEvent.focus(box);

    const byName = await expectedNames('ham');
    fireEvent.change(box, { target: { value: 'ham' } });
    await waitFor(() => expect(screen.getByText(`Products: ${byName.count}`)).toBeTruthy());
    expect(cardNames()).toEqual(byName.names);

    // 'site work' is in descriptions only.
    const byDescription = await expectedNames('  SITE work ');
    expect(byDescription.count).toBeGreaterThan(shopPageSize);
    counter.rows = 0;
    fireEvent.change(box, { target: { value: '  SITE work ' } });
    await waitFor(() => expect(screen.getByText(`Products: ${byDescription.count}`)).toBeTruthy());
    expect(cardNames()).toEqual(byDescription.names);
    expect(counter.rows).toBeLessThanOrEqual(2 * shopPageSize);

    const secondPage = await expectedNames('  SITE work ', 2);
    const paging = screen.getByRole('navigation');
    fireEvent.click(within(paging).getByRole('button', { name: '2' }));
    await waitFor(() => expect(cardNames()).toEqual(secondPage.names));

    fireEvent.change(box, { target: { value: 'no such thing' } });
    expect(await screen.findByText('No products found matching your search')).toBeTruthy();
    expect(cardNames()).toEqual([]);

    // Clearing the box lists the whole department again, from page 1.
    const all = await expectedNames('');
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(screen.getByText(`Products: ${all.count}`)).toBeTruthy());
    expect(cardNames()).toEqual(all.names);
  });

  it('says so when the department has no products', async () => {
    await db.products.clear();
    renderHome();
    expect(await screen.findByText('No products available at the moment')).toBeTruthy();
  });

  it("says in the department's words that the list never arrived, until a sync has", async () => {
    await db.products.clear();
    await signIn(db, { ...bob, category: 'animal-feeding' });
    renderHome('animal-feeding');
    expect(await screen.findByText('Error: No Product found!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    cleanup();
    renderHome('hardware');
    expect(await screen.findByText('Failed to fetch products. Please try again.')).toBeTruthy();
    cleanup();

    await db.syncState.put({ key: lastSyncKey, lastSyncedAt: Date.now() });
    renderHome('animal-feeding');
    expect(await screen.findByText('No products available at the moment')).toBeTruthy();
    await db.session.clear();
  });
});
