import { describe, expect, it } from 'vitest';
import { inventoryMessages } from './inventory-fields.ts';
import { buildXlsx, buildXlsxBomb } from '../tests/fixtures/xlsx-fixture.ts';
import { readBulkUploadFile } from './bulk-upload-read.ts';
import { bulkUploadMessages as m } from './bulk-upload-messages.ts';
import {
  bulkUploadErrorSchema,
  bulkUploadFormatOf,
  bulkUploadResultSchema,
  maxBulkUploadRows,
  readHeader,
  readSheetRows,
  rowErrorsOf,
} from './bulk-upload.ts';
import { inspectZip } from './zip-inspection.ts';

const csv = (text: string) => new TextEncoder().encode(text);

describe('bulk upload header', () => {
  it('finds English or Swahili column names in any order, ignoring case and spaces', () => {
    expect(readHeader(['Name', 'PRICE', ' quantity', 'Location ', 'description'])).toMatchObject({
      header: true,
      positions: { name: 0, price: 1, quantity: 2, location: 3, description: 4 },
    });
    expect(readHeader(['maelezo', 'Mahali', 'IDADI', 'bei', 'Jina', 'notes'])).toMatchObject({
      header: true,
      positions: { description: 0, location: 1, quantity: 2, price: 3, name: 4 },
    });
  });

  it('reads a data row as no header, and a header missing or repeating a column as incomplete', () => {
    expect(readHeader(['Cement', '12000', '50', 'Deck A', 'Bags'])).toMatchObject({
      header: false,
    });
    expect(readHeader(['Name', '12000', '50', 'Deck A', 'Bags'])).toMatchObject({ header: false });
    expect(readHeader(['name', 'price', 'quantity'])).toEqual({ header: 'incomplete' });
    expect(readHeader(['name', 'jina', 'price', 'quantity', 'location', 'description'])).toEqual({
      header: 'incomplete',
    });
  });
});

describe('bulk upload barcode column', () => {
  it('finds an optional barcode column by its English or Swahili name', () => {
    expect(
      readHeader(['name', 'price', 'quantity', 'location', 'description', 'Msimbo Pau']),
    ).toMatchObject({ header: true, positions: { barcode: 5 } });
    expect(readHeader(['barcode', 'jina', 'bei', 'idadi', 'mahali', 'maelezo'])).toMatchObject({
      header: true,
      positions: { barcode: 0, name: 1 },
    });
    // A header without it is complete: the column is optional.
    const plain = readHeader(['name', 'price', 'quantity', 'location', 'description']);
    expect(plain).toMatchObject({ header: true });
    expect(plain.header === true && plain.positions.barcode).toBeUndefined();
  });

  it('reads the sixth cell of a header-less file as the barcode, a blank one as none', () => {
    const reading = readSheetRows([
      ['Cement', 1, 1, 'Deck A', 'x', ' 4006381333931 '],
      ['Nails', 1, 1, 'Deck A', 'x', ''],
      ['Sand', 1, 1, 'Deck A', 'x'],
    ]);
    if (!reading.ok) throw new Error('expected rows');
    expect(reading.rows.map((row) => row.product?.barcode ?? null)).toEqual([
      '4006381333931',
      null,
      null,
    ]);
    expect(reading.rows[0]?.cells.barcode).toBe('4006381333931');
    expect(rowErrorsOf(reading.rows)).toEqual([]);
  });

  it('flags both rows of a barcode given twice, and a barcode with control characters', () => {
    const reading = readSheetRows([
      ['msimbo', 'jina', 'bei', 'idadi', 'mahali', 'maelezo'],
      ['B-1', 'Cement', 1, 1, 'Deck A', 'x'],
      ['B-2', 'Nails', 1, 1, 'Deck A', 'x'],
      ['B-1', 'Sand', 1, 1, 'Deck A', 'x'],
      ['B\u0007', 'Tiles', 1, 1, 'Deck A', 'x'],
    ]);
    if (!reading.ok) throw new Error('expected rows');
    expect(rowErrorsOf(reading.rows)).toEqual([
      { row: 2, errors: [m.duplicateBarcode] },
      { row: 4, errors: [m.duplicateBarcode] },
      { row: 5, errors: [inventoryMessages.barcodeInvalid] },
    ]);
  });
});

describe('bulk upload rows', () => {
  it('numbers rows as the file does (header included), skips blank rows and lists every problem', () => {
    const reading = readSheetRows([
      ['name', 'price', 'quantity', 'location', 'description'],
      ['Cement', '12000', '50', 'Deck A', 'Bags'],
      ['', '', '', '', ''],
      ['Sand', '0', '1.5', ' ', 'Tonnes'],
    ]);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.rows.map((row) => row.row)).toEqual([2, 4]);
    expect(rowErrorsOf(reading.rows)).toEqual([
      { row: 4, errors: [m.price, m.quantity, m.allFieldsRequired] },
    ]);
  });

  it('reads numbers only as JSON numbers or plain decimals', () => {
    const reading = readSheetRows([
      ['A', 12, '0x10', 'L', 'D'],
      ['B', '1e3', ' 7 ', 'L', 'D'],
      ['C', 'Infinity', 5, 'L', 'D'],
    ]);
    if (!reading.ok) throw new Error('expected rows');
    expect(reading.rows.map((row) => row.errors)).toEqual([[m.quantity], [m.price], [m.price]]);
    expect(reading.rows[1]?.cells.quantity).toBe('7');
  });

  it('flags both rows of a name and location given twice (case-insensitive)', () => {
    const reading = readSheetRows([
      ['Cement', 1, 1, 'Deck A', 'x'],
      ['Nails', 1, 1, 'Deck A', 'x'],
      ['CEMENT', 1, 1, 'deck a', 'x'],
    ]);
    if (!reading.ok) throw new Error('expected rows');
    expect(rowErrorsOf(reading.rows)).toEqual([
      { row: 1, errors: [m.duplicateRow] },
      { row: 3, errors: [m.duplicateRow] },
    ]);
  });

  it('refuses more than 10,000 product rows and a file without any', () => {
    const many = Array.from({ length: maxBulkUploadRows + 1 }, (_, index) => [
      `P${index}`,
      1,
      1,
      'L',
      'D',
    ]);
    expect(readSheetRows(many)).toEqual({
      ok: false,
      refusal: { status: 400, message: m.tooManyRows },
    });
    expect(readSheetRows(many.slice(0, maxBulkUploadRows)).ok).toBe(true);
    expect(readSheetRows([[], ['', ' ']])).toEqual({
      ok: false,
      refusal: { status: 400, message: m.noRows },
    });
  });
});

describe('bulk upload files', () => {
  it('accepts .csv and .xlsx in any case and nothing else', () => {
    expect(bulkUploadFormatOf('Stock.CSV')).toBe('csv');
    expect(bulkUploadFormatOf('stock.xlsx')).toBe('xlsx');
    expect(bulkUploadFormatOf('stock.xls')).toBeNull();
    expect(bulkUploadFormatOf('stock.csv.exe')).toBeNull();
  });

  it('keeps text starting with = + - @ as typed, in CSV and XLSX', async () => {
    const fromCsv = await readBulkUploadFile(csv('=1+1,5,5,@A,-x\n'), 'a.csv');
    const fromXlsx = await readBulkUploadFile(
      buildXlsx([['+2', 5, 5, '=A1', '@SUM(1)']]),
      'a.xlsx',
    );
    expect(fromCsv.ok && fromCsv.rows[0]?.product).toMatchObject({
      name: '=1+1',
      location: '@A',
      description: '-x',
    });
    expect(fromXlsx.ok && fromXlsx.rows[0]?.product).toMatchObject({
      name: '+2',
      location: '=A1',
      description: '@SUM(1)',
    });
  });

  it('reads a formula cell of an .xlsx as the value saved with it, never computing it', async () => {
    const reading = await readBulkUploadFile(
      buildXlsx([
        [
          'Cement',
          { formula: '1000*12', saved: 12_000 },
          // A saved result that is not what the formula computes: it is still what is stored.
          { formula: '2+2', saved: 7 },
          'Deck A',
          { formula: 'CONCATENATE("Bags ","of 50")', saved: 'Bags of 50' },
        ],
      ]),
      'a.xlsx',
    );
    expect(reading.ok && reading.rows[0]?.product).toEqual({
      name: 'Cement',
      price: 12_000,
      quantity: 7,
      location: 'Deck A',
      description: 'Bags of 50',
    });
  });

  it('reads a Windows-1252 CSV (Excel on Windows) and a UTF-8 one with a BOM', async () => {
    const latin = Uint8Array.from([...csv('Caf'), 0xe9, ...csv(',5,5,A,B\n')]);
    const latinReading = await readBulkUploadFile(latin, 'a.csv');
    expect(latinReading.ok && latinReading.rows[0]?.product?.name).toBe('Café');
    const bom = await readBulkUploadFile(
      csv('\uFEFFname,price,quantity,location,description\nX,1,1,A,B\n'),
      'a.csv',
    );
    expect(bom.ok && bom.rows.map((row) => row.row)).toEqual([2]);
  });

  it('refuses a wrong extension, a file over 5 MB, a broken file and a zip bomb', async () => {
    expect(await readBulkUploadFile(csv('a'), 'a.txt')).toEqual({
      ok: false,
      refusal: { status: 400, message: m.invalidFormat },
    });
    expect(await readBulkUploadFile(new Uint8Array(5 * 1024 * 1024 + 1), 'a.csv')).toEqual({
      ok: false,
      refusal: { status: 413, message: m.fileTooLarge },
    });
    expect(await readBulkUploadFile(csv('not a zip'), 'a.xlsx')).toEqual({
      ok: false,
      refusal: { status: 400, message: m.parseFailed },
    });
    expect(await readBulkUploadFile(csv('"unclosed,1,1,A,B\n'), 'a.csv')).toEqual({
      ok: false,
      refusal: { status: 400, message: m.parseFailed },
    });
    const bomb = buildXlsxBomb(200);
    expect(inspectZip(bomb)).toEqual({ ok: false, reason: 'too-large' });
    expect(await readBulkUploadFile(bomb, 'a.xlsx')).toEqual({
      ok: false,
      refusal: { status: 413, message: m.zipBomb },
    });
  });

  it('describes the answers as zod schemas', () => {
    expect(
      bulkUploadResultSchema.parse({ message: m.success, created: 2, updated: 1 }),
    ).toBeTruthy();
    expect(
      bulkUploadErrorSchema.safeParse({ message: m.rowsInvalid, errors: [{ row: 0, errors: [] }] })
        .success,
    ).toBe(false);
  });
});
