// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { setLanguage } from '../../../i18n/language.ts';
import { auditQueryOf, emptyAuditFilters, type AuditFilters } from '../data/admin-audit-query.ts';
import { AuditFiltersForm } from './admin-audit-filters.tsx';

function renderForm(onApply: (filters: AuditFilters) => void) {
  renderWithProviders(
    <AuditFiltersForm
      applied={emptyAuditFilters}
      users={[
        { id: 'u-1', email: 'amina@example.com' },
        { id: 'u-2', email: 'juma@example.com' },
      ]}
      onApply={onApply}
    />,
    { providers: Providers },
  );
}

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(async () => {
  act(() => setLanguage('en'));
  await loadChakra();
});

afterEach(() => cleanup());

describe('AuditFiltersForm', () => {
  it('hands over who, what, department and days, which map to the server query', () => {
    const applied: AuditFilters[] = [];
    renderForm((filters) => applied.push(filters));
    change('Who', 'u-2');
    change('What', 'order');
    change('Record id', 'o-7');
    change('Department', 'stationery');
    change('From (day)', '2026-11-01');
    change('To (day)', '2026-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(applied).toEqual([
      {
        userId: 'u-2',
        entity: 'order',
        entityId: 'o-7',
        department: 'stationery',
        fromDay: '2026-11-01',
        toDay: '2026-11-30',
      },
    ]);
    const query = applied[0] ? auditQueryOf(applied[0], { limit: 50 }) : undefined;
    expect(query).toEqual({
      ok: true,
      params: {
        limit: 50,
        userId: 'u-2',
        entity: 'order',
        entityId: 'o-7',
        department: 'stationery',
        from: '2026-10-31T21:00:00.000Z',
        to: '2026-11-30T20:59:59.999Z',
      },
    });
  });

  it('refuses a "To" day before the "From" day and fetches nothing', () => {
    const applied: AuditFilters[] = [];
    renderForm((filters) => applied.push(filters));
    change('From (day)', '2026-11-30');
    change('To (day)', '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(applied).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain('before the "From" day');
  });

  it('clears every filter at once', () => {
    const applied: AuditFilters[] = [];
    renderForm((filters) => applied.push(filters));
    change('What', 'user');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(applied).toEqual([emptyAuditFilters]);
    expect((screen.getByLabelText('What') as HTMLSelectElement).value).toBe('');
  });
});
