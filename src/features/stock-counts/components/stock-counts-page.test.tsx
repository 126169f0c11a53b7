// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useParams } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { product, signIn } from '../../../../tests/support/sync.ts';
import { StockCountsPage } from './stock-counts-page.tsx';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

const cement = product({
  _id: 'p-cement',
  department: 'godown',
  name: 'Cement',
  location: 'Deck A',
});

/** Where a started or joined count opens: its id. */
function OpenedCount() {
  return <p data-testid="opened">{useParams({ strict: false }).id}</p>;
}

function renderPage() {
  renderWithProviders(<StockCountsPage dept="godown" />, {
    providers: Providers,
    path: '/$dept/counts',
    at: '/godown/counts',
    otherRoutes: { '/$dept/counts/$id': OpenedCount },
  });
}

beforeAll(async () => {
  setLanguage('en');
  await loadChakra();
});

beforeEach(async () => {
  await Promise.all([db.products.clear(), db.stockCounts.clear(), db.outbox.clear()]);
  await db.products.put(cement);
  await signIn(db);
});

afterEach(() => cleanup());

async function start(location: string) {
  const select = await screen.findByLabelText(/^Location/);
  await screen.findByRole('option', { name: location });
  fireEvent.change(select, { target: { value: location } });
  fireEvent.click(screen.getByRole('button', { name: 'Start count' }));
}

describe('StockCountsPage', () => {
  it('starts a count of a chosen location and opens it', async () => {
    renderPage();
    await screen.findByText('No stock counts yet');
    await start('Deck A');
    const id = (await screen.findByTestId('opened')).textContent ?? '';
    expect(await db.stockCounts.get(id)).toMatchObject({ location: 'Deck A', status: 'open' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('joins the count already under way at the location instead of starting a second', async () => {
    renderPage();
    await start('Deck A');
    const first = (await screen.findByTestId('opened')).textContent;
    cleanup();
    renderPage();
    await start('Deck A');
    await waitFor(() => expect(screen.getByTestId('opened').textContent).toBe(first));
    expect(await db.stockCounts.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('asks for a location before starting', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start count' }));
    await screen.findByText('Please choose the location to count.');
    expect(await db.outbox.count()).toBe(0);
  });
});
