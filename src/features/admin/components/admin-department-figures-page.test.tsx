// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Revenue, RevenuePeriod } from '../../../../domain/revenue.ts';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { setLanguage } from '../../../i18n/language.ts';
import type { OnlineResult } from '../../../api/admin-online-api.ts';
import type { DepartmentCounters } from '../data/admin-department-counters-api.ts';
import { AdminDepartmentFiguresPage, isEmptyDepartment } from './admin-department-figures-page.tsx';

// The two online calls the screen makes, answered here instead of by the server.
const fetchDepartmentCounters = vi.fn<() => Promise<OnlineResult<DepartmentCounters>>>();
vi.mock('../data/admin-department-counters-api.ts', async (original) => ({
  ...(await original()),
  fetchDepartmentCounters: (...args: unknown[]) => fetchDepartmentCounters(...(args as [])),
}));
const fetchRevenue = vi.fn<
  (token: string, department: string, period: RevenuePeriod) => Promise<OnlineResult<Revenue>>
>((_token, _department, period) =>
  Promise.resolve({
    ok: true,
    value: {
      revenue: 12_500,
      period,
      startDate: '2026-11-28T00:00:00.000Z',
      endDate: '2026-11-28T23:59:59.999Z',
    },
  }),
);
vi.mock('../data/admin-revenue-api.ts', () => ({
  fetchRevenue: (token: string, department: string, period: RevenuePeriod) =>
    fetchRevenue(token, department, period),
}));

const someFigures: DepartmentCounters = {
  totalOrders: 7,
  totalSales: 42_000,
  totalProducts: 3,
  totalStockUnits: 120,
};

beforeAll(async () => {
  await loadChakra();
});

beforeEach(() => {
  setLanguage('en');
  // The revenue cards keep the last answers seen in this tab (admin-connection.tsx); each test starts without.
  sessionStorage.clear();
  fetchDepartmentCounters.mockReset();
  // Back to the answer above (mockReset restores vi.fn's own implementation).
  fetchRevenue.mockReset();
});

afterEach(() => cleanup());

describe("a department's Figures screen", () => {
  it("shows the department's totals, its revenue card alone and its report form without a category", async () => {
    fetchDepartmentCounters.mockResolvedValue({ ok: true, value: someFigures });
    renderWithProviders(<AdminDepartmentFiguresPage dept="hardware" />, { providers: Providers });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hardware: figures');
    await screen.findByText('Tsh 42,000');
    expect(screen.getByText('Total Orders')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('120 units in stock')).toBeTruthy();
    // No users card and no week's trend: those come with /stats, the admins' company figures.
    expect(screen.queryByText('Total Users')).toBeNull();
    expect(screen.queryByText(/Increase|Decrease/)).toBeNull();

    const card = await screen.findByRole('article', { name: 'Hardware' });
    await within(card).findByText('Tsh 12,500');
    expect(screen.queryByRole('article', { name: 'All departments' })).toBeNull();
    expect(new Set(fetchRevenue.mock.calls.map((call) => call[1]))).toEqual(new Set(['hardware']));

    expect(screen.queryByLabelText(/Category/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate Report' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('says so when the department has no orders and no products yet', async () => {
    fetchDepartmentCounters.mockResolvedValue({
      ok: true,
      value: { totalOrders: 0, totalSales: 0, totalProducts: 0, totalStockUnits: 0 },
    });
    renderWithProviders(<AdminDepartmentFiguresPage dept="hardware" />, { providers: Providers });
    await screen.findByText('No orders or products yet');
    expect(screen.queryByText('Total Orders')).toBeNull();
  });

  it("gives the server's reason when it refuses, in Kiswahili too", async () => {
    fetchDepartmentCounters.mockResolvedValue({
      ok: false,
      reason: 'http',
      status: 500,
    });
    renderWithProviders(<AdminDepartmentFiguresPage dept="hardware" />, { providers: Providers });
    await screen.findByText('Could not load the figures: Request failed (status 500)');
    cleanup();
    setLanguage('sw');
    renderWithProviders(<AdminDepartmentFiguresPage dept="hardware" />, { providers: Providers });
    await screen.findByText('Imeshindwa kupata takwimu: Ombi limeshindwa (hali 500)');
    expect(screen.getByRole('button', { name: 'Jaribu Tena' })).toBeTruthy();
  });

  it('says once, with Try Again, that it needs a connection when the server cannot be reached', async () => {
    fetchDepartmentCounters.mockResolvedValue({ ok: false, reason: 'network' });
    fetchRevenue.mockResolvedValue({ ok: false, reason: 'network' });
    renderWithProviders(<AdminDepartmentFiguresPage dept="hardware" />, { providers: Providers });
    await screen.findByText('This page needs a connection');
    await within(await screen.findByRole('article', { name: 'Hardware' })).findByText(
      'Error fetching data',
    );
    expect(screen.getAllByText('This page needs a connection')).toHaveLength(1);
    expect(screen.queryByText(/Could not load the figures/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it("leaves printing's products card out", async () => {
    fetchDepartmentCounters.mockResolvedValue({
      ok: true,
      value: { totalOrders: 2, totalSales: 3000, totalProducts: 0, totalStockUnits: 0 },
    });
    renderWithProviders(<AdminDepartmentFiguresPage dept="printing" products={false} />, {
      providers: Providers,
    });
    await screen.findByText('Tsh 3,000');
    expect(screen.queryByText('Total Products')).toBeNull();
  });
});

describe('isEmptyDepartment', () => {
  it('is empty only with neither orders nor products', () => {
    expect(isEmptyDepartment({ ...someFigures, totalOrders: 0, totalSales: 0 })).toBe(false);
    expect(isEmptyDepartment({ ...someFigures, totalProducts: 0, totalStockUnits: 0 })).toBe(false);
    expect(
      isEmptyDepartment({ totalOrders: 0, totalSales: 0, totalProducts: 0, totalStockUnits: 0 }),
    ).toBe(true);
  });
});
