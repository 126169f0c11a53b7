import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  businessDate,
  businessDateTime,
  columnName,
  neutraliseFormula,
  spreadsheetBlob,
  toCsv,
  toXlsx,
} from './spreadsheet.ts';

describe('neutraliseFormula', () => {
  it('prefixes text that a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text as it is', () => {
    for (const text of ['Cement 50 kg', '', ' =1', 'a=b', '1-2']) {
      expect(neutraliseFormula(text)).toBe(text);
    }
  });
});

describe('spreadsheet writers', () => {
  it('drops characters XML cannot hold and keeps the sheet name legal', () => {
    const workbook = unzipSync(toXlsx([['bad\u0001char']], 'a/b:c*d?[e]'));
    const sheet = strFromU8(workbook['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain('>badchar<');
    expect(strFromU8(workbook['xl/workbook.xml'] ?? new Uint8Array())).toContain(
      'name="a b c d  e "',
    );
  });

  it('keeps a negative number a number but neutralises the same text', () => {
    expect(toCsv([[-5, '-5']])).toBe("\uFEFF-5,'-5\r\n");
  });

  it('makes a CSV or an XLSX file with its media type', async () => {
    const csv = spreadsheetBlob([['a', 1]], 'csv', 'x');
    expect(csv.type).toBe('text/csv;charset=utf-8');
    // The byte order mark is in the file (Blob.text() would hide it when decoding).
    expect([...new Uint8Array(await csv.arrayBuffer())]).toEqual([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('a,1\r\n'),
    ]);
    const xlsx = spreadsheetBlob([['a', 1]], 'xlsx', 'Products');
    expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
    expect(strFromU8(files['xl/workbook.xml'] ?? new Uint8Array())).toContain('name="Products"');
  });

  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes times in the business time zone', () => {
    expect(businessDateTime('2026-11-22T21:30:00.000Z')).toBe('2026-11-23 00:30');
    expect(businessDateTime('2026-11-22T21:30:00.000Z', 'UTC')).toBe('2026-11-22 21:30');
  });
});

describe('businessDate', () => {
  it('is the date in Dar es Salaam, for file names', () => {
    expect(businessDate(new Date('2026-11-25T21:30:00.000Z'))).toBe('2026-11-26');
  });
});
