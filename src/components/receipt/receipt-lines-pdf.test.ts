import { afterAll, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../../domain/company.ts';
import type { Language } from '../../i18n/dictionaries.ts';
import { translate } from '../../i18n/translate.ts';
import { pdfReader } from '../../../tests/support/pdf-text.ts';
import { receiptForLines, type LinesReceipt, type ReceiptLineInput } from './receipt-lines.ts';
import { receiptPdf, type ReceiptLayout } from './receipt-pdf.ts';

/** Receipts of goods drawn with jspdf, read back with poppler (tests/support/pdf-text.ts). */
const pdf = pdfReader();
afterAll(() => pdf.remove());

const longName = 'Galvanised roofing nails 3 inch, 25 kg carton, for iron sheets gauge 28 to 30';

const sale: LinesReceipt = {
  number: 'OFFLINE-9C1B3F2A',
  provisional: true,
  createdAt: '2026-02-01T10:05:00.000Z',
  department: 'hardware',
  lines: [
    { name: 'Claw hammer 16 oz', quantity: 2, unitPrice: 12_500, lineTotal: 25_000 },
    { name: longName, quantity: 1, unitPrice: 145_000, lineTotal: 145_000 },
    { name: 'Sandpaper P120', quantity: 1250, unitPrice: 800, lineTotal: 1_000_000 },
  ],
  total: 1_170_000,
};

/** `count` lines named 'Line item 001'…, each quantity n at Tsh 1,000 × n. */
function manyLines(count: number): ReceiptLineInput[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Line item ${String(index + 1).padStart(3, '0')} ${index % 3 === 0 ? longName : ''}`,
    quantity: index + 1,
    unitPrice: 1_000,
    lineTotal: 1_000 * (index + 1),
  }));
}

function draw(receipt: LinesReceipt, layout: ReceiptLayout, language: Language = 'en') {
  const content = receiptForLines(receipt, {
    t: (key, values) => translate(language, key, values),
    language,
    company: { ...defaultCompanyDetails, receiptFooter: '' },
  });
  return receiptPdf(content, layout);
}

const layouts: ReceiptLayout[] = ['a4', 'roll80'];
const oneSpace = (text: string) => text.replace(/\s+/g, ' ');
/** The text without the rows' numbers (A4 prints them beside a name's first line). */
const namesOnly = (text: string) =>
  oneSpace(text.replace(/ \d+ Tsh [\d,]+ Tsh [\d,]+/g, ' ')).replace(/ +/g, ' ');

describe('receipts of goods as PDF', () => {
  it.each(layouts)('%s: a provisional receipt shows its lines, count and total', (layout) => {
    const text = pdf.text(draw(sale, layout));
    expect(text).toContain('PROVISIONAL RECEIPT');
    expect(text).toContain('OFFLINE-9C1B3F2A');
    expect(text).toContain(translate('en', 'dept.hardware'));
    expect(text).toContain(`TIN: ${defaultCompanyDetails.tin}`);
    for (const heading of ['Item', 'Qty', 'Unit price', 'Amount']) expect(text).toContain(heading);
    expect(text).toContain('Claw hammer 16 oz');
    expect(text).toMatch(/\b2 Tsh 12,500 Tsh 25,000/);
    expect(text).toMatch(/\b1250 Tsh 800 Tsh 1,000,000/);
    expect(text).toContain('3 items');
    expect(text).toMatch(/Total:? Tsh 1,170,000/);
  });

  it.each(layouts)('%s: a long product name wraps, every word kept', (layout) => {
    const text = pdf.text(draw(sale, layout));
    expect(namesOnly(text)).toContain(longName);
    // Wrapped: no single printed line holds the whole name.
    expect(text.split('\n').some((line) => line.includes(longName))).toBe(false);
  });

  it.each(layouts)('%s: the final receipt in Kiswahili carries the ORD- number only', (layout) => {
    const final = { ...sale, number: 'ORD-HW-000123', provisional: false };
    const text = pdf.text(draw(final, layout, 'sw'));
    expect(text).toContain('RISITI');
    expect(text).not.toContain('RISITI YA MUDA');
    expect(text).not.toContain('OFFLINE-');
    expect(text).toContain('ORD-HW-000123');
    for (const heading of ['Bidhaa', 'Idadi', 'Bei kwa kimoja', 'Kiasi']) {
      expect(text).toContain(heading);
    }
    expect(text).toMatch(/Jumla:? Tsh 1,170,000/);
  });

  it.each(layouts)('%s: quantities, unit prices and amounts are right-aligned', (layout) => {
    const all = pdf.words(draw({ ...sale, lines: manyLines(12) }, layout));
    // The table's words: from its last heading on (the header's phone number is centred).
    const words = all.slice(all.findIndex((w) => w.word === 'Amount') + 1);
    // Within a millimetre (glyph extents differ a little between sizes): the total's too.
    const amounts = words.filter(
      (w, index) => /^[\d,]+$/.test(w.word) && words[index - 1]?.word === 'Tsh',
    );
    const edges = new Set(amounts.map((w) => Math.round(w.rightMm)));
    // Two columns of money (unit price, amount), each with one right edge.
    expect(edges.size).toBe(2);
    const amountEdge = Math.max(...[...edges].map(Number));
    const width = layout === 'a4' ? 210 : 80;
    const margin = layout === 'a4' ? 20 : 4;
    expect(amountEdge).toBeCloseTo(width - margin, 0);
    // Quantities 1…12: one or two digits, one right edge.
    // Quantities 1…12, one digit or two, all end where the layout's quantity column ends.
    const quantityEdge = layout === 'a4' ? 118 : 16;
    const quantities = words.filter(
      (w) => /^\d+$/.test(w.word) && Math.abs(w.rightMm - quantityEdge) < 1,
    );
    expect(quantities.map((w) => Number(w.word)).sort((a, b) => a - b)).toEqual(
      manyLines(12).map((line) => line.quantity),
    );
  });

  it('A4: many lines go on to more pages, the headings repeated, the total with the thanks', () => {
    const lines = manyLines(60);
    const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    const bytes = draw({ ...sale, lines, total }, 'a4');
    const info = pdf.info(bytes);
    expect(info.pages).toBeGreaterThan(1);
    expect(info).toMatchObject({ widthMm: 210, heightMm: 297 });
    const text = namesOnly(pdf.text(bytes));
    for (const line of lines) expect(text).toContain(line.name.trim());
    // Every later page the table goes on to starts with the headings.
    for (let page = 2; page <= info.pages; page += 1) {
      const text = pdf.text(bytes, page);
      if (text.includes('Line item')) expect(text).toMatch(/^\s*Item Qty Unit price Amount\n/);
    }
    const last = pdf.text(bytes, info.pages);
    expect(last).toMatch(/Total:? Tsh 1,830,000/);
    expect(last).toContain('Thank you for your business.');
    expect(last).toContain('60 items');
  });

  it('80 mm roll: one page that grows with the lines', () => {
    const three = pdf.info(draw(sale, 'roll80'));
    const lines = manyLines(60);
    const sixty = pdf.info(draw({ ...sale, lines, total: 1_830_000 }, 'roll80'));
    expect(three).toMatchObject({ pages: 1, widthMm: 80 });
    expect(sixty).toMatchObject({ pages: 1, widthMm: 80 });
    // 57 more rows of at least two printed lines each (name, then the numbers): > 3 mm a row.
    expect(sixty.heightMm - three.heightMm).toBeGreaterThan(57 * 6);
    expect(pdf.text(draw({ ...sale, lines, total: 1_830_000 }, 'roll80'))).toContain(
      'Tsh 1,830,000',
    );
  });
});
