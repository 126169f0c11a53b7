import { describe, expect, it } from 'vitest';
import { spreadsheetBlob } from '../../../../domain/spreadsheet.ts';
import type { DeliveryRecord } from '../../../db/database.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { translate } from '../../../i18n/translate.ts';
import { deliveriesSheet } from './deliveries-export.ts';

const en = (key: MessageKey) => translate('en', key);
const sw = (key: MessageKey) => translate('sw', key);

const booked: DeliveryRecord = {
  _id: '1f0e2d3c-4b5a-4968-8776-655443322110',
  department: 'godown',
  grnNumber: 'GRN-000012',
  pendingOutboxId: null,
  supplierId: 's-1',
  supplierName: 'Mkwawa Hardware Suppliers',
  noteNumber: 'DN-4471',
  receivedOn: '2026-11-26',
  lineCount: 2,
  totalQuantity: 15,
  lines: [
    // Stored out of order: the rows follow the clerk's order (position).
    {
      position: 1,
      productId: 'p-2',
      productName: 'Iron sheet G28',
      location: 'Yard',
      quantity: 5,
      createdProduct: true,
    },
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
};

const waiting: DeliveryRecord = {
  ...booked,
  _id: '9c1b3f2a-7d4e-4a60-9b1c-2d3e4f5a6b7c',
  grnNumber: null,
  pendingOutboxId: 'outbox-1',
  supplierName: 'Dodoma Cement Ltd',
  noteNumber: '=HYPERLINK("x")',
  receivedOn: '2026-11-27',
  lineCount: 1,
  totalQuantity: 40,
  lines: [
    {
      position: 0,
      productId: 'p-1',
      productName: 'Cement 50 kg',
      location: 'Deck 2',
      quantity: 40,
      createdProduct: false,
    },
  ],
};

describe('deliveries export', () => {
  it('has one row per line, in the order shown, with the quantity as a number', () => {
    const [header, ...rows] = deliveriesSheet([booked, waiting], en);
    expect(header).toEqual([
      'GRN',
      'Date received',
      'Supplier',
      'Delivery note',
      'Product',
      'Location',
      'Quantity',
      'Sent to the server',
    ]);
    expect(rows).toEqual([
      [
        'GRN-000012',
        '2026-11-26',
        'Mkwawa Hardware Suppliers',
        'DN-4471',
        'Cement 50 kg',
        'Deck 2',
        10,
        'Yes',
      ],
      [
        'GRN-000012',
        '2026-11-26',
        'Mkwawa Hardware Suppliers',
        'DN-4471',
        'Iron sheet G28',
        'Yard',
        5,
        'Yes',
      ],
      [
        'OFFLINE-9C1B3F2A',
        '2026-11-27',
        'Dodoma Cement Ltd',
        '=HYPERLINK("x")',
        'Cement 50 kg',
        'Deck 2',
        40,
        en('inventory.export.no'),
      ],
    ]);
  });

  it('marks a numbered delivery whose change still waits in the outbox as provisional', () => {
    const [, row] = deliveriesSheet([{ ...booked, pendingOutboxId: 'outbox-2' }], en);
    expect(row?.[0]).toBe('OFFLINE-1F0E2D3C');
    expect(row?.[7]).toBe(en('inventory.export.no'));
  });

  it('names its columns in Kiswahili', () => {
    const [header, row] = deliveriesSheet([booked], sw);
    expect(header).toEqual([
      'GRN',
      'Tarehe ya kupokea',
      'Msambazaji',
      'Hati ya kupokelea',
      'Bidhaa',
      'Mahali',
      'Idadi',
      sw('inventory.export.col.synced'),
    ]);
    expect(row?.[7]).toBe(sw('inventory.export.yes'));
  });

  it('is the header alone when the filters show nothing', () => {
    expect(deliveriesSheet([], en)).toHaveLength(1);
  });

  it('writes a CSV a spreadsheet can sum, a typed formula neutralised', async () => {
    const csv = await spreadsheetBlob(
      deliveriesSheet([booked, waiting], en),
      'csv',
      'Goods received',
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      'GRN-000012,2026-11-26,Mkwawa Hardware Suppliers,DN-4471,Cement 50 kg,Deck 2,10,Yes',
    );
    // domain/spreadsheet.ts makes a note number typed like a formula text (a leading ').
    expect(lines[3]).toBe(
      'OFFLINE-9C1B3F2A,2026-11-27,Dodoma Cement Ltd,"\'=HYPERLINK(""x"")",Cement 50 kg,Deck 2,40,"No, waiting on this device"',
    );
  });
});
