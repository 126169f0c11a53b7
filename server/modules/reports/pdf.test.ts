import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReportRow } from '../../../domain/reports.ts';
import { createReportPdf, printableText, type PageNumbering } from './pdf.ts';

const workDir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function pdfOf(rows: ReportRow[], numbering: PageNumbering): Promise<string> {
  const report = createReportPdf(
    {
      company: { name: 'Duka', address: '', phone: '', tin: '', receiptFooter: '' },
      departmentName: 'Stationery',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      timeZone: 'Africa/Dar_es_Salaam',
      generatedAt: new Date('2026-11-30T09:00:00Z'),
    },
    numbering,
  );
  const chunks: Buffer[] = [];
  report.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => report.doc.on('end', resolve));
  report.addRows(rows);
  report.finish({
    orders: rows.length,
    units: rows.reduce((sum, row) => sum + row.quantity, 0),
    revenue: rows.reduce((sum, row) => sum + row.total, 0),
  });
  await ended;
  const file = join(workDir, `${numbering}-${rows.length}.pdf`);
  writeFileSync(file, Buffer.concat(chunks));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

const rows: ReportRow[] = Array.from({ length: 120 }, (_, index) => ({
  createdAt: new Date(Date.UTC(2026, 10, 2, 6, index)).toISOString(),
  orderId: `ORD-ST-${String(index + 1).padStart(6, '0')}`,
  productName:
    index === 0 ? 'An exercise book with a very long name that cannot fit in its column' : 'Pen',
  quantity: 2,
  unitPrice: 1_250,
  total: 2_500,
}));

describe('report PDF', () => {
  it('keeps text the built-in fonts can draw and replaces what they cannot', () => {
    expect(printableText('Hammer 16" – 2 kg')).toBe('Hammer 16" – 2 kg');
    expect(printableText('Café Şeker')).toBe('Café Seker');
    expect(printableText('Ndoo 😀 中')).toBe('Ndoo ? ?');
    expect(printableText('tab\there')).toBe('tab here');
  });

  it('cuts a product name to its column with an ellipsis', async () => {
    const text = await pdfOf(rows.slice(0, 1), 'running');
    expect(text).toContain('An exercise book');
    expect(text).toContain('…');
    expect(text).not.toContain('cannot fit in its column');
    expect(text).toContain('Tsh 1,250 Tsh 2,500');
  });

  it("numbers pages 'Page n' as they are made, or 'Page n of m' with bufferPages", async () => {
    const running = await pdfOf(rows, 'running');
    expect(running).toContain('Page 1');
    expect(running).toContain('Page 3');
    expect(running).not.toContain(' of 3');
    const ofTotal = await pdfOf(rows, 'of-total');
    expect(ofTotal).toContain('Page 1 of 3');
    expect(ofTotal).toContain('Page 3 of 3');
  });
});
