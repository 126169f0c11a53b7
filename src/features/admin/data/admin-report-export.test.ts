import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ReportData } from '../../../../domain/reports.ts';
import { toCsv, toXlsx } from '../../../../domain/spreadsheet.ts';
import { reportSheet, type ReportLabels } from './admin-report-export.ts';

const labels: ReportLabels = {
  date: 'Date',
  orderId: 'Order ID',
  product: 'Product',
  quantity: 'Quantity',
  unitPrice: 'Unit price (Tsh)',
  total: 'Total (Tsh)',
  orders: 'Orders',
  units: 'Units',
  revenue: 'Revenue (Tsh)',
};

const data: ReportData = {
  department: 'hardware',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  rows: [
    {
      // 21:30 UTC is 00:30 the next day in Dar es Salaam (UTC+3).
      createdAt: '2026-11-22T21:30:00.000Z',
      orderId: 'ORD-HW-000001',
      productName: '=HYPERLINK("x")',
      quantity: 2,
      unitPrice: 1500,
      total: 3000,
    },
    {
      createdAt: '2026-11-23T08:05:00.000Z',
      orderId: 'ORD-HW-000002',
      productName: 'Nails, 3" <galvanised> & more\nbox',
      quantity: 1,
      unitPrice: 700,
      total: 700,
    },
    {
      createdAt: '2026-11-23T09:00:00.000Z',
      orderId: 'ORD-HW-000003',
      productName: '@SUM(A1)',
      quantity: 1,
      unitPrice: 10,
      total: 10,
    },
  ],
  summary: { orders: 3, units: 4, revenue: 3710 },
};

describe('report CSV', () => {
  const csv = toCsv(reportSheet(data, labels));

  it('starts with a UTF-8 byte order mark and ends lines with CRLF', () => {
    expect(
      csv.startsWith('\uFEFFDate,Order ID,Product,Quantity,Unit price (Tsh),Total (Tsh)\r\n'),
    ).toBe(true);
    expect(csv.endsWith('Revenue (Tsh),3710\r\n')).toBe(true);
  });

  it('neutralises a formula and quotes it with its quotes doubled', () => {
    expect(csv).toContain(`2026-11-23 00:30,ORD-HW-000001,"'=HYPERLINK(""x"")",2,1500,3000\r\n`);
    expect(csv).toContain(",'@SUM(A1),1,10,10\r\n");
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and keeps the text otherwise as is', () => {
    expect(csv).toContain(`,"Nails, 3"" <galvanised> & more\nbox",1,700,700\r\n`);
  });

  it('writes the summary after a blank line', () => {
    expect(csv).toContain('\r\n\r\nOrders,3\r\nUnits,4\r\nRevenue (Tsh),3710\r\n');
  });
});

describe('report XLSX', () => {
  const files = unzipSync(toXlsx(reportSheet(data, labels), 'hardware report'));
  const text = (path: string) => {
    const file = files[path];
    if (!file) throw new Error(`${path} missing`);
    return strFromU8(file);
  };

  it('is a minimal workbook that unzips with its five parts', () => {
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(text('xl/workbook.xml')).toContain('<sheet name="hardware report" sheetId="1"');
  });

  it('has the rows, numbers as numbers and text as inline strings', () => {
    const sheet = text('xl/worksheets/sheet1.xml');
    expect(sheet).toContain(
      '<c r="A1" t="inlineStr"><is><t xml:space="preserve">Date</t></is></c>',
    );
    expect(sheet).toContain(
      '<c r="B2" t="inlineStr"><is><t xml:space="preserve">ORD-HW-000001</t></is></c>',
    );
    expect(sheet).toContain(
      '<c r="D2"><v>2</v></c><c r="E2"><v>1500</v></c><c r="F2"><v>3000</v></c>',
    );
    expect(sheet).toContain('<c r="B8"><v>3710</v></c>');
    expect(sheet.match(/<row /g)).toHaveLength(8);
  });

  it('neutralises formulas and escapes XML in text cells', () => {
    const sheet = text('xl/worksheets/sheet1.xml');
    expect(sheet).toContain(
      '<c r="C2" t="inlineStr"><is><t xml:space="preserve">\'=HYPERLINK(&quot;x&quot;)</t></is></c>',
    );
    expect(sheet).toContain('Nails, 3&quot; &lt;galvanised&gt; &amp; more\nbox');
    expect(sheet).toContain(">'@SUM(A1)<");
    expect(sheet).not.toContain('<f>');
  });
});
