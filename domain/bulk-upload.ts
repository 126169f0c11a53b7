import { z } from 'zod';
import { bulkUploadMessages as m } from './bulk-upload-messages.ts';
import {
  maxGodownDescriptionLength,
  maxNameLength,
  maxPrice,
  maxQuantity,
  requiredText,
  wholeNumber,
} from './products.ts';
import { barcodeField } from './inventory-fields.ts';

/**
 * The rules of the godown bulk upload, shared by the server (a worker thread) and the PWA (a Web
 * Worker) so the preview shows exactly what the server will say (docs/server-behaviour.md, 'Bulk upload'):
 *
 * - a `.csv` or `.xlsx` file of at most 5 MB; an `.xlsx` (a zip) unpacks to at most 32 MB, in at
 *   most 64 entries, and is refused before unpacking otherwise (`inspectZip`, zip-inspection.ts);
 * - the first row is a header when it names at least two of the columns (English or Kiswahili,
 *   any order, case and spaces ignored); a header must then name all five. Without a header the
 *   columns are name, price, quantity, location, description;
 * - at most 10,000 product rows; blank rows are skipped;
 * - each row needs all five fields, price and quantity whole numbers from 1 (spec section 5,
 *   godown upload), read like every number of the app (`domain/number-input.ts`);
 * - an optional sixth column, barcode ('barcode' or 'msimbo' / 'msimbo pau'; without a header, the
 *   sixth cell): a value sets the product's barcode, a blank cell keeps the one it has; a barcode
 *   may appear once per file (issue 15);
 * - the same name and location (case-insensitive) may appear once per file;
 * - cells are text as typed: `=1+1` or `@cmd` is stored as those characters, never evaluated.
 *
 * Row numbers (`row`) count the rows of the file from 1, the header included: the number Excel
 * shows at the left of the row, or the record's position in a CSV (a quoted field spanning two
 * lines is still one row).
 */
export const maxBulkUploadBytes = 5 * 1024 * 1024;
export const maxBulkUploadRows = 10_000;
export const maxInflatedBytes = 32 * 1024 * 1024;
export const maxZipEntries = 64;
export const bulkUploadTimeoutMs = 10_000;

/** The five columns every file has (spec section 5). */
export const bulkUploadColumns = ['name', 'price', 'quantity', 'location', 'description'] as const;
/** The columns a file may add (issue 15); missing from a header, every row's cell is blank. */
export const bulkUploadOptionalColumns = ['barcode'] as const;
export type BulkUploadColumn =
  (typeof bulkUploadColumns)[number] | (typeof bulkUploadOptionalColumns)[number];
const allColumns: readonly BulkUploadColumn[] = [
  ...bulkUploadColumns,
  ...bulkUploadOptionalColumns,
];

/** Column names a header may use, normalized (lowercase, no spaces). */
const columnNames: Record<string, BulkUploadColumn> = {
  name: 'name',
  jina: 'name',
  price: 'price',
  bei: 'price',
  quantity: 'quantity',
  idadi: 'quantity',
  location: 'location',
  mahali: 'location',
  description: 'description',
  maelezo: 'description',
  barcode: 'barcode',
  msimbo: 'barcode',
  msimbopau: 'barcode',
};

export type BulkUploadFormat = 'csv' | 'xlsx';

/** The format from the file name (`.csv`/`.xlsx`, any case); null for anything else. */
export function bulkUploadFormatOf(fileName: string): BulkUploadFormat | null {
  const lower = fileName.trim().toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** A cell as the readers give it: papaparse gives strings, read-excel-file also numbers etc. */
export type SheetCell = string | number | boolean | Date | null | undefined;

function normalizedHeader(cell: SheetCell): string {
  return typeof cell === 'string'
    ? cell
        .replace(/^\uFEFF/, '')
        .replace(/\s+/g, '')
        .toLowerCase()
    : '';
}

/**
 * Where each column is, read from the first row: `{ header: false }` when the row is data,
 * `{ header: true, positions }` for a complete header, `{ header: 'incomplete' }` for a header
 * that misses or repeats a column.
 */
export type HeaderReading =
  | { header: false; positions: ColumnPositions }
  | { header: true; positions: ColumnPositions }
  | { header: 'incomplete' };

/** Where each column is; an optional column the header does not name has no position. */
type ColumnPositions = Record<(typeof bulkUploadColumns)[number], number> &
  Partial<Record<(typeof bulkUploadOptionalColumns)[number], number>>;

const defaultPositions: ColumnPositions = {
  name: 0,
  price: 1,
  quantity: 2,
  location: 3,
  description: 4,
  barcode: 5,
};

export function readHeader(firstRow: readonly SheetCell[]): HeaderReading {
  const found = new Map<BulkUploadColumn, number>();
  let repeated = false;
  firstRow.forEach((cell, index) => {
    const column = columnNames[normalizedHeader(cell)];
    if (!column) return;
    if (found.has(column)) repeated = true;
    else found.set(column, index);
  });
  // One column name alone may be a product called "Name"; two are a header.
  if (found.size < 2) return { header: false, positions: defaultPositions };
  const complete = bulkUploadColumns.every((column) => found.has(column));
  if (repeated || !complete) return { header: 'incomplete' };
  return { header: true, positions: Object.fromEntries(found) as ColumnPositions };
}

/** A cell as the text it shows. Dates become YYYY-MM-DD; numbers their plain decimal form. */
function cellText(cell: SheetCell): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  }
  return String(cell);
}

/** A number cell stays a number (a JSON number); anything else goes through its text. */
function cellNumber(cell: SheetCell): unknown {
  return typeof cell === 'number' ? cell : cellText(cell);
}

function isBlank(row: readonly SheetCell[]): boolean {
  return row.every((cell) => {
    const text = cellText(cell);
    return text === undefined || text.trim() === '';
  });
}

const all = m.allFieldsRequired;

/** One product row, checked in the spec's order (name, description, price, quantity, location). */
export const bulkUploadRowSchema = z.object({
  name: requiredText(all, maxNameLength, m.nameTooLong),
  description: requiredText(all, maxGodownDescriptionLength, m.descriptionTooLong),
  price: wholeNumber({ missing: all, invalid: m.price, min: 1, max: maxPrice }),
  quantity: wholeNumber({ missing: all, invalid: m.quantity, min: 1, max: maxQuantity }),
  location: requiredText(all, maxNameLength, m.locationTooLong),
  barcode: barcodeField,
});
export type BulkUploadRowInput = z.infer<typeof bulkUploadRowSchema>;
/** A checked row with its row number, as the server stores it (a conflict names the row). */
export type BulkUploadProduct = BulkUploadRowInput & { row: number };

/** A row of the file as read: its row number, the cells as text (for the preview), its product. */
export interface BulkUploadRow {
  row: number;
  cells: Record<BulkUploadColumn, string>;
  product: BulkUploadRowInput | null;
  errors: string[];
}

export const bulkUploadRowErrorSchema = z.object({
  row: z.number().int().min(1),
  errors: z.array(z.string()).min(1),
});
export type BulkUploadRowError = z.infer<typeof bulkUploadRowErrorSchema>;

/** The answer to a successful upload. */
export const bulkUploadResultSchema = z.object({
  message: z.string(),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
});
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>;

/** A refused upload: `errors` lists the rows at fault when the rows were the problem. */
export const bulkUploadErrorSchema = z.object({
  message: z.string(),
  errors: z.array(bulkUploadRowErrorSchema).optional(),
});
export type BulkUploadError = z.infer<typeof bulkUploadErrorSchema>;

/** Why a whole file is refused (not a row): the message and the HTTP status the server answers. */
export interface BulkUploadRefusal {
  status: 400 | 413;
  message: string;
}

export type SheetReading =
  { ok: true; rows: BulkUploadRow[] } | { ok: false; refusal: BulkUploadRefusal };

/** The key that makes two rows (or a row and a stored product) "the same product". */
export function sameProductKey(name: string, location: string): string {
  return `${name.trim().toLowerCase()}\u0000${location.trim().toLowerCase()}`;
}

/**
 * Reads a whole sheet (the rows as the file holds them, row 1 first) into checked rows. Every row
 * carries all of its problems (duplicates of one message dropped), so the preview and the
 * server's answer can list them.
 */
export function readSheetRows(sheet: readonly (readonly SheetCell[])[]): SheetReading {
  const firstIndex = sheet.findIndex((row) => !isBlank(row));
  if (firstIndex === -1) return { ok: false, refusal: { status: 400, message: m.noRows } };
  const header = readHeader(sheet[firstIndex] ?? []);
  if (header.header === 'incomplete') {
    return { ok: false, refusal: { status: 400, message: m.headerIncomplete } };
  }
  const start = header.header ? firstIndex + 1 : firstIndex;
  const rows: BulkUploadRow[] = [];
  const seen = new Map<string, BulkUploadRow>();
  const seenBarcodes = new Map<string, BulkUploadRow>();
  for (let index = start; index < sheet.length; index += 1) {
    const cells = sheet[index] ?? [];
    if (isBlank(cells)) continue;
    if (rows.length === maxBulkUploadRows) {
      return { ok: false, refusal: { status: 400, message: m.tooManyRows } };
    }
    const at = (column: BulkUploadColumn) => {
      const position = header.positions[column];
      return position === undefined ? undefined : cells[position];
    };
    const text = Object.fromEntries(
      allColumns.map((column) => [column, (cellText(at(column)) ?? '').trim()]),
    ) as Record<BulkUploadColumn, string>;
    const parsed = bulkUploadRowSchema.safeParse({
      name: cellText(at('name')),
      description: cellText(at('description')),
      price: cellNumber(at('price')),
      quantity: cellNumber(at('quantity')),
      location: cellText(at('location')),
      barcode: cellText(at('barcode')),
    });
    const row: BulkUploadRow = {
      row: index + 1,
      cells: text,
      product: parsed.success ? parsed.data : null,
      errors: parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))],
    };
    if (row.product) {
      markRepeat(seen, sameProductKey(row.product.name, row.product.location), row, m.duplicateRow);
      markRepeat(seenBarcodes, row.product.barcode, row, m.duplicateBarcode);
    }
    rows.push(row);
  }
  if (rows.length === 0) return { ok: false, refusal: { status: 400, message: m.noRows } };
  return { ok: true, rows };
}

/** Marks `row` and the earlier row with the same `key` with `message`; remembers the first. */
function markRepeat(
  seen: Map<string, BulkUploadRow>,
  key: string | null | undefined,
  row: BulkUploadRow,
  message: string,
): void {
  if (key === null || key === undefined) return;
  const earlier = seen.get(key);
  if (!earlier) {
    seen.set(key, row);
    return;
  }
  for (const repeat of [earlier, row]) {
    if (!repeat.errors.includes(message)) repeat.errors.push(message);
  }
}

/** The rows at fault, as the server answers them. */
export function rowErrorsOf(rows: readonly BulkUploadRow[]): BulkUploadRowError[] {
  return rows
    .filter((row) => row.errors.length > 0)
    .map((row) => ({ row: row.row, errors: row.errors }));
}
