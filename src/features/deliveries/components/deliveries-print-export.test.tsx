// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChakra } from '../../../app/chakra-gate.tsx';
import { Providers } from '../../../app/providers.tsx';
import { renderWithProviders } from '../../../../tests/support/jsdom.tsx';
import { signIn } from '../../../../tests/support/sync.ts';
import { db, type DeliveryRecord } from '../../../db/database.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { DeliveriesPage } from './deliveries-page.tsx';
import { DeliveryDetailPage } from './delivery-detail-page.tsx';

// The browser's download is the one thing replaced: what would be saved is checked instead.
const downloads = vi.hoisted(() => ({ downloadBlob: vi.fn() }));
vi.mock('../../../components/download-blob.ts', () => downloads);
const notices = vi.hoisted(() => ({ notifyError: vi.fn() }));
vi.mock('../../../components/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...notices,
}));

function delivery(id: string, changes: Partial<DeliveryRecord>): DeliveryRecord {
  return {
    _id: id,
    department: 'godown',
    grnNumber: null,
    pendingOutboxId: null,
    supplierId: 's-1',
    supplierName: 'Mkwawa Hardware',
    noteNumber: `DN-${id.slice(0, 4)}`,
    receivedOn: '2026-11-26',
    lineCount: 1,
    totalQuantity: 10,
    lines: [
      {
        position: 0,
        productId: 'p-1',
        productName: 'Cement 50 kg',
        location: 'Deck 2',
        quantity: 10,
        createdProduct: false,
      },
    ],
    userId: 'u-1',
    userEmail: 'clerk@example.com',
    createdAt: '2026-11-26T07:00:00.000Z',
    updatedAt: '2026-11-26T07:00:00.000Z',
    ...changes,
  };
}

const mkwawa = delivery('1f0e2d3c-4b5a-4968-8776-655443322110', { grnNumber: 'GRN-000012' });
const dodoma = delivery('9c1b3f2a-7d4e-4a60-9b1c-2d3e4f5a6b7c', {
  supplierId: 's-2',
  supplierName: 'Dodoma Cement',
  pendingOutboxId: 'outbox-1',
  lines: [
    {
      position: 0,
      productId: 'p-3',
      productName: 'Iron sheet G28',
      location: 'Yard',
      quantity: 7,
      createdProduct: true,
    },
  ],
});

beforeAll(async () => {
  setLanguage('en');
  await loadChakra();
});

beforeEach(async () => {
  await Promise.all([db.deliveries.clear(), db.suppliers.clear()]);
  await db.deliveries.bulkPut([mkwawa, dodoma]);
  await db.suppliers.bulkPut(
    [mkwawa, dodoma].map((d) => ({
      _id: d.supplierId,
      department: 'godown',
      name: d.supplierName,
      phone: null,
      notes: null,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    })),
  );
  await signIn(db);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('deliveries: export and print', () => {
  it('exports what the supplier filter shows, one row per line', async () => {
    renderWithProviders(<DeliveriesPage dept="godown" />, { providers: Providers, at: '/' });
    fireEvent.change(await screen.findByLabelText('Supplier'), { target: { value: 's-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.downloadBlob).toHaveBeenCalledTimes(1));
    const [blob, file] = downloads.downloadBlob.mock.calls[0] as [Blob, string];
    expect(file).toMatch(/^godown-deliveries-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await blob.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^OFFLINE-9C1B3F2A,2026-11-26,Dodoma Cement,DN-9c1b,Iron sheet G28,Yard,7,/,
    );
  });

  it('prints the GRN of a delivery as a PDF named after its number', async () => {
    renderWithProviders(<DeliveryDetailPage dept="godown" id={mkwawa._id} />, {
      providers: Providers,
      at: '/',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Print GRN' }));
    await waitFor(() => expect(downloads.downloadBlob).toHaveBeenCalledTimes(1));
    const [blob, file] = downloads.downloadBlob.mock.calls[0] as [Blob, string];
    expect(file).toBe('grn-GRN-000012.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await blob.slice(0, 5).arrayBuffer())).toBe('%PDF-');
  });

  it('says the GRN, not a receipt, could not be made when printing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    downloads.downloadBlob.mockImplementationOnce(() => {
      throw new Error('no download on this browser');
    });
    renderWithProviders(<DeliveryDetailPage dept="godown" id={dodoma._id} />, {
      providers: Providers,
      at: '/',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Print GRN' }));
    await waitFor(() =>
      expect(notices.notifyError).toHaveBeenCalledWith(
        'Failed to generate the GRN. Please try again.',
      ),
    );
  });
});
