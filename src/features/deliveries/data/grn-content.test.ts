import { afterAll, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../../../domain/company.ts';
import { receiptFileName } from '../../../components/receipt/receipt-content.ts';
import { receiptPdf, type ReceiptLayout } from '../../../components/receipt/receipt-pdf.ts';
import type { DeliveryRecord } from '../../../db/database.ts';
import type { Language } from '../../../i18n/dictionaries.ts';
import { translate } from '../../../i18n/translate.ts';
import { pdfReader } from '../../../../tests/support/pdf-text.ts';
import { grnContent } from './grn-content.ts';

/** Goods-received notes drawn with jspdf, read back with poppler (tests/support/pdf-text.ts). */
const pdf = pdfReader();
afterAll(() => pdf.remove());

const longName = 'Galvanised roofing nails 3 inch, 25 kg carton, for iron sheets gauge 28 to 30';
const longPlace = 'Back store, second shelf from the loading door, behind the cement bags';

const delivery: DeliveryRecord = {
  _id: '9c1b3f2a-7d4e-4a60-9b1c-2d3e4f5a6b7c',
  department: 'godown',
  grnNumber: null,
  pendingOutboxId: 'outbox-1',
  supplierId: 's-1',
  supplierName: 'Mkwawa Hardware Suppliers',
  noteNumber: 'DN-4471',
  receivedOn: '2026-11-26',
  lineCount: 3,
  totalQuantity: 1265,
  lines: [
    // Out of order on purpose: the note follows the clerk's order (position).
    { position: 1, productId: 'p-2', productName: longName, location: longPlace, quantity: 5 },
    {
      position: 0,
      productId: 'p-1',
      productName: 'Cement 50 kg',
      location: 'Deck 2',
      quantity: 10,
    },
    {
      position: 2,
      productId: 'p-3',
      productName: 'Sandpaper P120',
      location: 'Main Store',
      quantity: 1250,
    },
  ].map((line) => ({ ...line, createdProduct: line.position === 2 })),
  userId: 'u-1',
  userEmail: 'clerk@example.com',
  createdAt: '2026-11-26T07:00:00.000Z',
  updatedAt: '2026-11-26T07:00:00.000Z',
};
const booked: DeliveryRecord = { ...delivery, grnNumber: 'GRN-000012', pendingOutboxId: null };

function content(record: DeliveryRecord, language: Language = 'en') {
  return grnContent(record, {
    t: (key, values) => translate(language, key, values),
    language,
    company: { ...defaultCompanyDetails, receiptFooter: 'Karibu tena' },
  });
}

const draw = (record: DeliveryRecord, layout: ReceiptLayout, language: Language = 'en') =>
  receiptPdf(content(record, language), layout);

const layouts: ReceiptLayout[] = ['a4', 'roll80'];
const oneSpace = (text: string) => text.replace(/\s+/g, ' ');

describe('grnContent', () => {
  it('is provisional, under an OFFLINE- number, until the server has numbered it', () => {
    const note = content(delivery);
    expect(note.provisional).toBe(true);
    expect(note.title).toBe('PROVISIONAL GOODS RECEIVED NOTE');
    expect(note.number).toEqual({ label: 'GRN No.', value: 'OFFLINE-9C1B3F2A' });
    expect(receiptFileName(note)).toBe('grn-OFFLINE-9C1B3F2A.pdf');
    // Numbered, but a change of it still waits in the outbox: still provisional.
    expect(content({ ...booked, pendingOutboxId: 'outbox-2' }).number.value).toBe(
      'OFFLINE-9C1B3F2A',
    );
  });

  it("carries the server's GRN number, unmarked, once booked", () => {
    const note = content(booked);
    expect(note.provisional).toBe(false);
    expect(note.provisionalNote).toBeNull();
    expect(note.title).toBe('GOODS RECEIVED NOTE');
    expect(receiptFileName(note)).toBe('grn-GRN-000012.pdf');
  });

  it('has no prices, only product, location and quantity in the order entered', () => {
    const note = content(delivery);
    expect(note.lineItems?.headings).toEqual({
      name: 'Product',
      detail: 'Location',
      quantity: 'Qty',
    });
    expect(note.lineItems?.rows.map((row) => [row.name, row.detail, row.quantity])).toEqual([
      ['Cement 50 kg', 'Deck 2', '10'],
      [longName, longPlace, '5'],
      ['Sandpaper P120', 'Main Store', '1250'],
    ]);
    expect(note.total).toEqual({ label: 'Total units', value: '1265' });
    // A receipt's footer thanks a customer; a GRN is signed instead.
    expect(note.thanks).not.toContain('Karibu tena');
  });
});

describe('goods-received notes as PDF', () => {
  it.each(layouts)('%s: a provisional note is marked and lists every line', (layout) => {
    const text = pdf.text(draw(delivery, layout));
    const flat = oneSpace(text);
    expect(text).toContain('PROVISIONAL GOODS RECEIVED NOTE');
    expect(flat).toContain('Not yet confirmed by the server');
    expect(text).toContain('OFFLINE-9C1B3F2A');
    expect(text).toContain(translate('en', 'dept.godown'));
    expect(text).toMatch(/Date received:? 26 November 2026/);
    expect(text).toMatch(/Supplier:? Mkwawa Hardware Suppliers/);
    expect(text).toMatch(/Delivery note No\.:? DN-4471/);
    expect(text).toMatch(/Booked by:? clerk@example\.com/);
    for (const heading of ['Product', 'Location', 'Qty']) expect(text).toContain(heading);
    expect(text).toMatch(/Cement 50 kg\s.*Deck 2\s+10\b|Cement 50 kg\nDeck 2 10\b/);
    expect(text).toMatch(/Main Store 1250\b/);
    // Long names and places wrap, every word kept.
    expect(flat).toContain(longName.split(' ').slice(0, 3).join(' '));
    for (const word of [...longName.split(' '), ...longPlace.split(' ')]) {
      expect(flat).toContain(word);
    }
    expect(text).toContain('3 lines');
    expect(text).toMatch(/Total units:? 1265/);
    expect(text).toContain('Received by:');
    expect(text).not.toMatch(/Tsh|Unit price|Amount/);
  });

  it.each(layouts)('%s: the booked note in Kiswahili carries the GRN number only', (layout) => {
    const text = pdf.text(draw(booked, layout, 'sw'));
    expect(text).toContain('HATI YA MAPOKEZI YA BIDHAA');
    expect(text).not.toContain('HATI YA MUDA');
    expect(text).not.toContain('OFFLINE-');
    expect(text).toContain('GRN-000012');
    expect(text).toContain(translate('sw', 'dept.godown'));
    expect(text).toMatch(/Tarehe ya kupokea:? 26 Novemba 2026/);
    expect(text).toMatch(/Msambazaji:? Mkwawa Hardware Suppliers/);
    expect(text).toMatch(/Hati ya kupokelea:? DN-4471/);
    expect(text).toMatch(/Imerekodiwa na:? clerk@example\.com/);
    for (const heading of ['Bidhaa', 'Mahali', 'Idadi']) expect(text).toContain(heading);
    expect(text).toContain('Mistari 3');
    expect(text).toMatch(/Jumla ya vipande:? 1265/);
    expect(text).toContain('Imepokelewa na:');
    expect(text).not.toMatch(/Tsh|Bei/);
  });

  it.each(layouts)('%s: quantities end at the right edge, under the total', (layout) => {
    const words = pdf.words(draw(delivery, layout));
    const right = layout === 'a4' ? 190 : 76;
    const table = words.slice(words.findIndex((w) => w.word === 'Qty') + 1);
    const atEdge = table.filter((w) => /^\d+$/.test(w.word) && Math.abs(w.rightMm - right) < 1);
    // The three quantities, then the total units.
    expect(atEdge.map((w) => w.word)).toEqual(['10', '5', '1250', '1265']);
  });
});
