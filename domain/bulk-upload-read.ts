import Papa from 'papaparse';
import { unzipSync, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import { bulkUploadMessages as m } from './bulk-upload-messages.ts';
import {
  bulkUploadFormatOf,
  maxBulkUploadBytes,
  maxBulkUploadRows,
  readSheetRows,
  type SheetCell,
  type SheetReading,
} from './bulk-upload.ts';
import { inspectZip } from './zip-inspection.ts';

/**
 * Reads an uploaded file into checked rows with the rules of bulk-upload.ts: the one reader of the
 * server's worker thread (server/modules/bulk-upload/parse-worker.ts) and the PWA's Web Worker
 * (src/features/bulk-upload/admin-bulk-upload-worker.ts), so both say the same about a file.
 * Heavy (papaparse, fflate, read-excel-file): only those two workers import it.
 *
 * An .xlsx is inspected (central directory) before anything is inflated, then unpacked with
 * fflate's synchronous unzip (each entry bounded by its declared size), only its XML entries,
 * and handed to read-excel-file repacked without compression: read-excel-file would otherwise
 * inflate entries over 512 KB in extra workers of its own (created from blob: URLs the PWA's CSP
 * forbids, and outside the server worker's resource limits). read-excel-file never computes
 * formulas: a formula cell reads as the value the spreadsheet program saved with it, and a text
 * cell starting with = + - @ is text.
 */
export async function readBulkUploadFile(
  bytes: Uint8Array,
  fileName: string,
): Promise<SheetReading> {
  if (bytes.byteLength > maxBulkUploadBytes) {
    return { ok: false, refusal: { status: 413, message: m.fileTooLarge } };
  }
  const format = bulkUploadFormatOf(fileName);
  if (!format) return { ok: false, refusal: { status: 400, message: m.invalidFormat } };
  const sheet = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  if (!Array.isArray(sheet)) return { ok: false, refusal: sheet };
  return readSheetRows(sheet);
}

const parseFailed = { status: 400, message: m.parseFailed } as const;

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1252 (Excel's "CSV"). */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Uint8Array): SheetCell[][] | typeof parseFailed {
  const text = decodeText(bytes);
  // A NUL byte means a binary file renamed .csv.
  if (text.includes('\u0000')) return parseFailed;
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  if (parsed.errors.some((error) => error.type === 'Quotes')) return parseFailed;
  return parsed.data;
}

/** Rows of a worksheet (blank ones included) read at all; a few blank formatted rows are common. */
const sheetRowsReadAtMost = 5 * maxBulkUploadRows;

const rowTag = [0x3c, 0x72, 0x6f, 0x77]; // '<row'

/** `<row ` / `<row>` / `<row/>` tags in a worksheet's XML: its rows, counted without parsing. */
function countRows(xml: Uint8Array): number {
  let count = 0;
  for (
    let at = xml.indexOf(0x3c);
    at !== -1 && at + 4 < xml.length;
    at = xml.indexOf(0x3c, at + 1)
  ) {
    if (xml[at + 1] !== rowTag[1] || xml[at + 2] !== rowTag[2] || xml[at + 3] !== rowTag[3])
      continue;
    const next = xml[at + 4];
    if (
      next === 0x20 ||
      next === 0x3e ||
      next === 0x2f ||
      next === 0x09 ||
      next === 0x0a ||
      next === 0x0d
    ) {
      count += 1;
    }
  }
  return count;
}

async function readXlsx(
  bytes: Uint8Array,
): Promise<SheetCell[][] | { status: 400 | 413; message: string }> {
  const inspection = inspectZip(bytes);
  if (!inspection.ok) {
    return inspection.reason === 'too-large' ? { status: 413, message: m.zipBomb } : parseFailed;
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => file.name.endsWith('.xml') || file.name.endsWith('.rels'),
    });
  } catch {
    return parseFailed;
  }
  for (const [name, data] of Object.entries(entries)) {
    // Far more rows than allowed (blank formatted rows included): refused before parsing, which
    // would hold every row in memory. The exact count of product rows is readSheetRows' check.
    if (name.startsWith('xl/worksheets/') && countRows(data) > sheetRowsReadAtMost) {
      return { status: 400, message: m.tooManyRows };
    }
  }
  const stored = zipSync(entries, { level: 0 });
  try {
    const sheet = await readSheet(
      stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer,
    );
    return sheet as SheetCell[][];
  } catch {
    return parseFailed;
  }
}
