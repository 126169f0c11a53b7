// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db, type StockCountRecord } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { signIn } from '../../../../tests/support/sync.ts';
import { CountPage } from './count-page.tsx';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

const countId = '7b0f2c1e-3d4a-4b5c-8d6e-9f0a1b2c3d4e';

function openCount(lines: number): StockCountRecord {
  return {
    _id: countId,
    department: 'godown',
    location: 'Deck A',
    status: 'open',
    startedAt: '2026-11-26T08:00:00.000Z',
    startedBy: 'clerk@example.com',
    submittedAt: null,
    submittedBy: null,
    closedAt: null,
    closedBy: null,
    updatedAt: '2026-11-26T08:00:00.000Z',
    pendingOutboxId: null,
    lines: Array.from({ length: lines }, (_, index) => ({
      productId: `p-${String(index).padStart(4, '0')}`,
      productName: `Item ${String(index).padStart(4, '0')}`,
      barcode: null,
      counted: null,
      countedAt: null,
      expected: null,
      variance: null,
      adjustment: null,
    })),
  };
}

function renderCount() {
  renderWithProviders(<CountPage dept="godown" id={countId} />, {
    providers: Providers,
    path: '/$dept/counts/$id',
    at: `/godown/counts/${countId}`,
    otherRoutes: { '/$dept/counts': () => <p>Counts</p> },
  });
}

beforeAll(async () => {
  setLanguage('en');
  await loadChakra();
});

beforeEach(async () => {
  await Promise.all([db.stockCounts.clear(), db.countDrafts.clear(), db.outbox.clear()]);
  await signIn(db);
});

afterEach(() => cleanup());

describe('the counting sheet', () => {
  it('shows a long count a page at a time, and the filter reaches any line', async () => {
    await db.stockCounts.put(openCount(250));
    renderCount();
    await screen.findByText('0 of 250 counted');
    expect(screen.getAllByLabelText(/^Counted quantity of /)).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more (150 not shown)' }));
    expect(screen.getAllByLabelText(/^Counted quantity of /)).toHaveLength(200);
    fireEvent.change(screen.getByLabelText('Find in this count'), { target: { value: '0249' } });
    expect(screen.getAllByLabelText(/^Counted quantity of /)).toHaveLength(1);
    expect(screen.getByLabelText('Counted quantity of Item 0249')).toBeTruthy();
  });

  it('saves what is typed on the device at once, and says a bad quantity is refused', async () => {
    await db.stockCounts.put(openCount(3));
    renderCount();
    const field = await screen.findByLabelText('Counted quantity of Item 0001');
    fireEvent.change(field, { target: { value: '14' } });
    await screen.findByText('Counted: 14');
    expect((await db.countDrafts.get(countId))?.counted['p-0001']?.counted).toBe(14);
    fireEvent.change(field, { target: { value: '1.5' } });
    await screen.findByText('Counted quantity must be a whole number, 0 or more.');
    expect((await db.countDrafts.get(countId))?.counted['p-0001']?.counted).toBe(14);
    fireEvent.click(screen.getByRole('button', { name: '+1 Item 0002' }));
    await screen.findByText('Counted: 1');
    await screen.findByText('2 of 3 counted');
  });

  it('asks before submitting, saying how many lines were not counted, then queues the submission', async () => {
    await db.stockCounts.put(openCount(3));
    await db.countDrafts.put({
      countId,
      counted: { 'p-0000': { counted: 5, countedAt: '2026-11-26T08:10:00.000Z' } },
      updatedAt: '2026-11-26T08:10:00.000Z',
    });
    renderCount();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit count' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      '2 products are not counted and will be recorded as 0 (none found).',
    );
    const buttons = screen.getAllByRole('button', { name: 'Submit count' });
    fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.stockCounts.get(countId))?.status).toBe('submitted');
    await screen.findByText(
      'Submitted on this device; it is sent to the server when the connection allows.',
    );
  });

  it('waits for the server before counting opens', async () => {
    await db.stockCounts.put({ ...openCount(2), pendingOutboxId: 'e-1' });
    renderCount();
    await screen.findByText('Waiting for the server to start this count');
    expect(screen.queryByLabelText(/^Counted quantity of /)).toBeNull();
  });
});
