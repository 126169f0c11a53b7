// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryJson } from '../../../../domain/audit.ts';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { setLanguage } from '../../../i18n/language.ts';
import { AuditEntryCard } from './admin-audit-entry.tsx';

const entry: AuditEntryJson = {
  _id: 'e1',
  at: '2026-11-20T08:00:00.000Z',
  madeAt: '2026-11-20T07:58:00.000Z',
  userId: 'u1',
  userEmail: 'clerk@example.com',
  action: 'update',
  entity: 'product',
  entityId: 'p-42',
  department: 'hardware',
  changes: {
    price: { before: 1500, after: 1800 },
    barcode: { before: null, after: '<b>123</b>' },
  },
};

function renderEntry(value: AuditEntryJson) {
  renderWithProviders(
    <ul>
      <AuditEntryCard entry={value} />
    </ul>,
    { providers: Providers },
  );
}

/** The changes table's body rows as [field, before, after] texts. */
function changeRows(name: RegExp): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
    );
}

beforeAll(async () => {
  await loadChakra();
});

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

describe('AuditEntryCard', () => {
  it('shows each changed field before and after, as text, with both times and who', () => {
    act(() => setLanguage('en'));
    renderEntry(entry);
    expect(changeRows(/Changes to Product p-42/)).toEqual([
      ['Barcode', '(empty)', '<b>123</b>'],
      ['Price', '1500', '1800'],
    ]);
    expect(screen.getByText('Updated')).toBeTruthy();
    expect(screen.getByText('Server time')).toBeTruthy();
    expect(screen.getByText('Time on the tablet')).toBeTruthy();
    expect(screen.getByText('clerk@example.com')).toBeTruthy();
    expect(screen.getByText('Hardware')).toBeTruthy();
    // Recorded values are never HTML.
    expect(document.querySelector('b')).toBeNull();
  });

  it('leaves out the tablet time of a change made online and says when no field was recorded', () => {
    act(() => setLanguage('en'));
    renderEntry({ ...entry, madeAt: null, action: 'delete', department: null, changes: {} });
    expect(screen.queryByText('Time on the tablet')).toBeNull();
    expect(screen.getByText('Server time')).toBeTruthy();
    expect(screen.getByText('Deleted')).toBeTruthy();
    expect(screen.getByText('No changed fields were recorded')).toBeTruthy();
  });

  it('reads in Kiswahili, the hidden password included', () => {
    act(() => setLanguage('sw'));
    renderEntry({
      ...entry,
      entity: 'user',
      department: null,
      changes: { passwordHash: { before: '(hidden)', after: '(changed)' } },
    });
    expect(changeRows(/Mabadiliko ya Mtumiaji p-42/)).toEqual([
      ['Nenosiri', '(imefichwa)', '(imebadilishwa)'],
    ]);
    expect(screen.getByText('Saa ya seva')).toBeTruthy();
    expect(screen.getByText('Saa kwenye kompyuta kibao')).toBeTruthy();
    expect(screen.getByText('Imebadilishwa')).toBeTruthy();
  });

  it("names a print job's fields and category in Kiswahili, as the printing screens do", () => {
    act(() => setLanguage('sw'));
    renderEntry({
      ...entry,
      entity: 'printing-order',
      department: 'printing',
      changes: {
        category: { before: 'books', after: 'cards' },
        contact: { before: '0712345678', after: '0787654321' },
        receiptNumber: { before: null, after: 'PR-7' },
        totalPrice: { before: 5000, after: 6000 },
      },
    });
    expect(changeRows(/p-42/)).toEqual([
      ['Aina', 'Vitabu', 'Kadi'],
      ['Mawasiliano', '0712345678', '0787654321'],
      ['Namba ya risiti', '(tupu)', 'PR-7'],
      ['Jumla ya bei', '5000', '6000'],
    ]);
  });
});
