// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { setLanguage } from '../i18n/language.ts';
import { renderWithProviders } from '../../tests/support/jsdom.tsx';
import type { FailedEntry } from '../sync/sync-status.ts';
import { FailureRow } from './failure-row.tsx';

afterEach(cleanup);

const refusedOrder: FailedEntry = {
  id: 'e-2',
  kind: 'order.create',
  department: 'hardware',
  label: { key: 'sync.op.placeOrder', values: { quantity: 3, product: 'Wheelbarrow' } },
  message: 'Quantity exceeds available stock',
  available: 1,
  createdAt: 1,
  unread: false,
};

let declareEntities: () => void = () => undefined;

/** The row as the panel holds it: the same row, given the entry again once entities load. */
function PanelRow() {
  const [declared, setDeclared] = useState(false);
  declareEntities = () => setDeclared(true);
  const entry = declared
    ? { ...refusedOrder, editableQuantity: { field: 'quantity', value: 3 } }
    : refusedOrder;
  return <FailureRow entry={entry} />;
}

it('offers the quantity to send once the entry learns it, after a first drawing without it', () => {
  // The panel is drawn at start-up, before the offline entities (and so the editable quantity)
  // have loaded; the same row then receives the entry with it.
  setLanguage('en');
  renderWithProviders(<PanelRow />);
  expect(screen.queryByRole('spinbutton', { name: 'Quantity to send' })).toBeNull();

  act(() => declareEntities());
  const field = screen.getByRole('spinbutton', { name: 'Quantity to send' });
  expect((field as HTMLInputElement).value).toBe('3');
});
