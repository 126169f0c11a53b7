// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { db } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { product, signIn } from '../../../../tests/support/sync.ts';
import { TransferFormPage } from './transfer-form-page.tsx';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';
import { listProducts } from '../../department/product-list.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

const rice = product({
  _id: 'p-rice',
  department: 'godown',
  name: 'Rice',
  quantity: 12,
  location: 'Main Store',
});

/** The form at /$dept/admin/move/$id, with the inventory route it returns to. */
function renderForm(id = rice._id) {
  renderWithProviders(<TransferFormPage dept="godown" id={id} />, {
    providers: Providers,
    path: '/$dept/admin/move/$id',
    at: `/godown/admin/move/${id}`,
    otherRoutes: { '/$dept/admin/move': () => <p>Inventory list</p> },
  });
}

async function fill(fields: { destination?: string; quantity?: string }) {
  await screen.findByText('In stock at the origin: 12');
  if (fields.destination !== undefined)
    fireEvent.change(screen.getByLabelText(/^Destination/), {
      target: { value: fields.destination },
    });
  if (fields.quantity !== undefined)
    fireEvent.change(screen.getByLabelText(/^Transfer quantity/), {
      target: { value: fields.quantity },
    });
  fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
}

beforeAll(async () => {
  setLanguage('en');
  await loadChakra();
});

beforeEach(async () => {
  await Promise.all([db.products.clear(), db.movementLogs.clear(), db.outbox.clear()]);
  await db.products.put(rice);
  await signIn(db);
});

afterEach(() => cleanup());

describe('TransferFormPage', () => {
  it('shows the origin read-only, from the product', async () => {
    renderForm();
    const origin = await screen.findByLabelText(/^Origin/);
    expect((origin as HTMLInputElement).value).toBe('Main Store');
    expect((origin as HTMLInputElement).readOnly).toBe(true);
  });

  it.each([
    [{ destination: 'Deck A', quantity: '0' }, 'Transfer quantity must be at least 1.'],
    [{ destination: '  ', quantity: '2' }, 'Please provide both origin and destination locations.'],
    [{ destination: 'Deck A', quantity: '13' }, 'Transfer quantity exceeds available stock.'],
  ])('refuses %j with the spec message and queues nothing', async (fields, message) => {
    renderForm();
    await fill(fields);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(await db.outbox.count()).toBe(0);
  });

  it("queues the transfer, moves the stock at once and says 'Transfer successful!'", async () => {
    renderForm();
    await fill({ destination: 'Deck A', quantity: '5' });
    expect(await screen.findByText('Transfer successful!')).toBeTruthy();
    expect((await db.products.get(rice._id))?.quantity).toBe(7);
    const rows = await listProducts('godown', db);
    expect(rows.find((row) => row.location === 'Deck A')?.quantity).toBe(5);
    expect(await db.outbox.count()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Inventory list')).toBeTruthy();
  });

  it("says 'Product not found' for a product that is not in the mirror", async () => {
    renderForm('missing');
    expect(await screen.findByText('Product not found')).toBeTruthy();
  });
});
