import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../../domain/company.ts';
import type { Language } from '../../i18n/dictionaries.ts';
import { translate } from '../../i18n/translate.ts';
import { provisionalReceiptNumber, receiptFileName } from './receipt-content.ts';
import { receiptForLines, type LinesReceipt } from './receipt-lines.ts';

const company = { ...defaultCompanyDetails, receiptFooter: '' };

const sale: LinesReceipt = {
  number: provisionalReceiptNumber('9c1b3f2a-7d4e-4a60-9b1c-2d3e4f5a6b7c'),
  provisional: true,
  // 10:05 UTC is 13:05 in Dar es Salaam.
  createdAt: '2026-02-01T10:05:00.000Z',
  department: 'hardware',
  lines: [
    { name: 'Claw hammer 16 oz', quantity: 2, unitPrice: 12_500, lineTotal: 25_000 },
    { name: 'Wood screws 4 x 40 mm (box of 200)', quantity: 1, unitPrice: 7_000, lineTotal: 7_000 },
    { name: 'Sandpaper P120', quantity: 10, unitPrice: 800, lineTotal: 8_000 },
  ],
  total: 40_000,
};

function content(receipt: LinesReceipt, language: Language, footer = '') {
  return receiptForLines(receipt, {
    t: (key, values) => translate(language, key, values),
    language,
    company: { ...company, receiptFooter: footer },
  });
}

describe('receiptForLines', () => {
  it('marks a receipt the server has not confirmed as provisional, with the OFFLINE- number', () => {
    const receipt = content(sale, 'en');
    expect(receipt.provisional).toBe(true);
    expect(receipt.title).toBe('PROVISIONAL RECEIPT');
    expect(receipt.provisionalNote).toMatch(/^Not yet confirmed by the server/);
    expect(receipt.number).toEqual({ label: 'Receipt No.', value: 'OFFLINE-9C1B3F2A' });
    expect(receiptFileName(receipt)).toBe('receipt-OFFLINE-9C1B3F2A.pdf');
  });

  it("carries the server's number, unmarked, once confirmed", () => {
    const receipt = content({ ...sale, number: 'ORD-HW-000123', provisional: false }, 'en');
    expect(receipt.provisional).toBe(false);
    expect(receipt.title).toBe('RECEIPT');
    expect(receipt.provisionalNote).toBeNull();
    expect(receipt.number.value).toBe('ORD-HW-000123');
  });

  it('lists every line with quantity, unit price and amount in Tsh, the count and the total', () => {
    const receipt = content(sale, 'en');
    expect(receipt.lineItems?.headings).toEqual({
      name: 'Item',
      quantity: 'Qty',
      unitPrice: 'Unit price',
      amount: 'Amount',
    });
    expect(receipt.lineItems?.rows).toEqual([
      { name: 'Claw hammer 16 oz', quantity: '2', unitPrice: 'Tsh 12,500', amount: 'Tsh 25,000' },
      {
        name: 'Wood screws 4 x 40 mm (box of 200)',
        quantity: '1',
        unitPrice: 'Tsh 7,000',
        amount: 'Tsh 7,000',
      },
      { name: 'Sandpaper P120', quantity: '10', unitPrice: 'Tsh 800', amount: 'Tsh 8,000' },
    ]);
    expect(receipt.lineItems?.count).toBe('3 items');
    expect(receipt.total).toEqual({ label: 'Total', value: 'Tsh 40,000' });
    expect(receipt.fields).toEqual([]);
  });

  it('prints the total it is given, the one the server counts, not a sum of its own', () => {
    expect(content({ ...sale, total: 39_000 }, 'en').total.value).toBe('Tsh 39,000');
  });

  it('speaks Kiswahili: title, headings, department, date and count', () => {
    const receipt = content(sale, 'sw');
    expect(receipt.title).toBe('RISITI YA MUDA');
    expect(receipt.provisionalNote).toMatch(/^Bado haijathibitishwa na seva/);
    expect(receipt.number.label).toBe('Namba ya risiti');
    expect(receipt.lineItems?.headings).toEqual({
      name: 'Bidhaa',
      quantity: 'Idadi',
      unitPrice: 'Bei kwa kimoja',
      amount: 'Kiasi',
    });
    expect(receipt.lineItems?.count).toBe('Bidhaa 3');
    expect(receipt.total.label).toBe('Jumla');
    expect(receipt.company.lines).toContain(translate('sw', 'dept.hardware'));
    expect(receipt.company.lines).toContain(`Simu: ${defaultCompanyDetails.phone}`);
    expect(receipt.thanks).toBe('Asante kwa kufanya biashara nasi.');
    expect(content({ ...sale, provisional: false }, 'sw').title).toBe('RISITI');
  });

  it("names the department in the reader's language and dates in the shop's time", () => {
    const receipt = content(sale, 'en');
    expect(receipt.company.lines).toEqual([
      defaultCompanyDetails.address,
      `Phone: ${defaultCompanyDetails.phone}`,
      `TIN: ${defaultCompanyDetails.tin}`,
      translate('en', 'dept.hardware'),
    ]);
    expect(receipt.date.value).toMatch(/1 Feb 2026,? 13:05/);
  });

  it("ends with the admin's receipt footer when one is set", () => {
    expect(content(sale, 'en', 'Karibu tena!').thanks).toBe('Karibu tena!');
    expect(content(sale, 'en', '  ').thanks).toBe('Thank you for your business.');
  });
});
