// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/language.ts';
import { renderWithProviders } from '../../tests/support/jsdom.tsx';
import { ExportButtons } from './export-buttons.tsx';

const notices = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('./notify.ts', () => ({ notifySuccess: notices.success, notifyError: notices.error }));
const downloads = vi.hoisted(() => ({ downloadBlob: vi.fn() }));
vi.mock('./download-blob.ts', () => downloads);
// The writers' chunk as on a tablet whose service worker never finished installing, offline.
const writer = vi.hoisted(() => ({ available: true }));
vi.mock('../../domain/spreadsheet.ts', async (importOriginal) => {
  if (!writer.available) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

beforeAll(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderButtons(buildSheet: () => Promise<(string | number)[][]>) {
  renderWithProviders(
    <ExportButtons
      what="products"
      fileBase="hardware-products"
      sheetName="Products"
      buildSheet={buildSheet}
    />,
  );
}

// In this order: the failed import comes first, while no test has loaded the writers yet.
describe('ExportButtons', () => {
  it('says the exporter is missing when its chunk cannot load, and reads nothing', async () => {
    writer.available = false;
    const buildSheet = vi.fn(async () => [['Product']]);
    renderButtons(buildSheet);
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(notices.error).toHaveBeenCalledWith(
        'Could not load the exporter on this device. Connect to the network once, then try again.',
      ),
    );
    expect(buildSheet).not.toHaveBeenCalled();
    expect(downloads.downloadBlob).not.toHaveBeenCalled();
    // The button is usable again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export XLSX' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
  });

  it('loads the writer at the click and downloads the file', async () => {
    writer.available = true;
    renderButtons(async () => [['Product'], ['=Hammer']]);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.downloadBlob).toHaveBeenCalledTimes(1));
    const [blob, file] = downloads.downloadBlob.mock.calls[0] as [Blob, string];
    expect(file).toBe('hardware-products.csv');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // Neutralised by the writer: text in Excel, not a formula.
    expect(await blob.text()).toContain("Product\r\n'=Hammer\r\n");
    expect(notices.success).toHaveBeenCalledWith('hardware-products.csv downloaded');
  });
});
