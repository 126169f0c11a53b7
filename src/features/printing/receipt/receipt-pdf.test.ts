import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../../../domain/company.ts';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import type { Language } from '../../../i18n/dictionaries.ts';
import { translate } from '../../../i18n/translate.ts';
import { receiptFileName } from '../../../components/receipt/receipt-content.ts';
import {
  pdfSafe,
  receiptPdf,
  type ReceiptLayout,
} from '../../../components/receipt/receipt-pdf.ts';
import { receiptContent, receiptNumberOf } from './receipt-content.ts';

/**
 * Generates both receipt layouts with jspdf and reads their text back out of the PDF with
 * pdftotext (poppler-utils; .ci/run installs it), the way a person reading the printout would.
 */
const workDir = mkdtempSync(path.join(tmpdir(), 'receipt-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function pdfText(bytes: ArrayBuffer, name: string): string {
  const file = path.join(workDir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function pageSizeMm(bytes: ArrayBuffer, name: string): { width: number; height: number } {
  const file = path.join(workDir, `${name}-info.pdf`);
  writeFileSync(file, Buffer.from(bytes));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  if (!match) throw new Error(`no page size in:\n${info}`);
  const mm = (points: string) => Math.round((Number(points) * 25.4) / 72);
  return { width: mm(match[1] ?? '0'), height: mm(match[2] ?? '0') };
}

const job: PrintingOrderRecord = {
  _id: '3f2a9c1b-7d4e-4a60-9b1c-2d3e4f5a6b7c',
  department: 'printing',
  receiptNumber: null,
  description: 'Wedding cards, gold foil on ivory card, 2 sides',
  price: 1500,
  quantity: 200,
  totalPrice: 300_000,
  contact: '+255712345678',
  category: 'cards',
  userId: 'user-neema',
  version: 0,
  // 10:05 UTC is 13:05 in Dar es Salaam (UTC+3, no daylight saving).
  createdAt: '2026-02-01T10:05:00.000Z',
  updatedAt: '2026-02-01T10:05:00.000Z',
  pendingOutboxId: 'entry-1',
};

function contentFor(order: PrintingOrderRecord, language: Language) {
  return receiptContent(order, {
    t: (key, values) => translate(language, key, values),
    language,
    company: defaultCompanyDetails,
  });
}

/** pdftotext keeps the layout's spacing; one space between words is what a reader sees. */
const squeeze = (text: string) => text.replace(/[ \t]+/g, ' ');

describe('printing receipts', () => {
  const layouts: ReceiptLayout[] = ['a4', 'roll80'];

  it.each(layouts)('%s: a provisional receipt says so, with every field of the job', (layout) => {
    const text = squeeze(pdfText(receiptPdf(contentFor(job, 'en'), layout), `en-${layout}`));
    expect(text).toContain(defaultCompanyDetails.name);
    expect(text).toContain(defaultCompanyDetails.address);
    expect(text).toContain(`Phone: ${defaultCompanyDetails.phone}`);
    expect(text).toContain(`TIN: ${defaultCompanyDetails.tin}`);
    expect(text).toContain('PROVISIONAL RECEIPT');
    expect(text).toContain('Not yet confirmed by the server');
    expect(text).toContain('OFFLINE-3F2A9C1B');
    expect(text).toMatch(/1 Feb 2026,? 13:05/);
    // The roll wraps the long description; the words are all there.
    expect(text.replace(/\s+/g, ' ')).toContain('Wedding cards, gold foil on ivory card, 2 sides');
    expect(text).toContain('Cards');
    expect(text).toContain('200');
    expect(text).toContain('Tsh 1,500');
    expect(text).toContain('Tsh 300,000');
    expect(text).toContain('+255 712 345 678');
  });

  it.each(layouts)('%s: the final receipt carries the server number in Kiswahili', (layout) => {
    const synced = { ...job, receiptNumber: 'PR-000007', pendingOutboxId: null };
    const text = squeeze(pdfText(receiptPdf(contentFor(synced, 'sw'), layout), `sw-${layout}`));
    expect(text).toContain('RISITI');
    expect(text).not.toContain('RISITI YA MUDA');
    expect(text).not.toContain('OFFLINE-');
    expect(text).toContain('PR-000007');
    expect(text).toContain('Namba ya risiti');
    expect(text).toContain('Jumla: Tsh 300,000'.replace(': ', layout === 'a4' ? ' ' : ': '));
    expect(text).toContain('Kadi');
    expect(text).toContain('Asante kwa kufanya biashara nasi.');
  });

  it('draws an A4 page and an 80 mm roll exactly as long as its content', () => {
    const content = contentFor(job, 'en');
    expect(pageSizeMm(receiptPdf(content, 'a4'), 'a4')).toEqual({ width: 210, height: 297 });
    const roll = pageSizeMm(receiptPdf(content, 'roll80'), 'roll');
    expect(roll.width).toBe(80);
    expect(roll.height).toBeGreaterThan(80);
    expect(roll.height).toBeLessThan(200);
  });

  it('names the provisional number after the client id and the final one after the server', () => {
    expect(receiptNumberOf(job)).toEqual({ number: 'OFFLINE-3F2A9C1B', provisional: true });
    expect(receiptNumberOf({ ...job, receiptNumber: 'PR-000007' })).toEqual({
      number: 'PR-000007',
      provisional: false,
    });
    expect(receiptFileName(contentFor(job, 'en'))).toBe('receipt-OFFLINE-3F2A9C1B.pdf');
  });

  it('keeps text the standard PDF fonts cannot show readable', () => {
    expect(pdfSafe('13:05\u202fPM — “A5” flyers… 😀')).toBe('13:05 PM - "A5" flyers... ?');
  });
});
