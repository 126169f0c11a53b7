import { strToU8, zipSync } from 'fflate';
import type { Cell, Sheet } from './sheet.ts';

export { businessDate, businessDateTime, type Cell, type Sheet } from './sheet.ts';

/**
 * Sheets written as CSV and XLSX, in the browser, for the reports and the exports (issue 15).
 * Invariant: every text cell goes through `neutraliseFormula`, so a product named '=HYPERLINK(…)'
 * is text in Excel and LibreOffice, never a formula. Numbers stay numbers. No spreadsheet library
 * (docs/architecture.md section 4: only one, and it is the reader): the XLSX is the smallest workbook Excel
 * opens, zipped with fflate.
 */
/**
 * A spreadsheet cell made safe against formula injection: text beginning with = + - @, a tab or a
 * carriage return gets a leading apostrophe, so Excel and LibreOffice show it as text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function safeText(cell: Cell): string {
  return typeof cell === 'number' ? String(cell) : neutraliseFormula(cell);
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
function csvField(cell: Cell): string {
  const text = safeText(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * CSV text: CRLF line ends (RFC 4180) and a UTF-8 byte order mark, without which Excel reads the
 * file as the machine's ANSI code page and garbles names with accents.
 */
export function toCsv(sheet: Sheet): string {
  return `\uFEFF${sheet.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** XML text: escaped, and without the control characters XML 1.0 does not allow. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function xlsxCell(cell: Cell, reference: string): string {
  if (typeof cell === 'number' && Number.isFinite(cell)) {
    return `<c r="${reference}"><v>${cell}</v></c>`;
  }
  return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${xmlText(safeText(cell))}</t></is></c>`;
}

const xmlHeader = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Report';
}

/** A workbook of one sheet with inline strings: [Content_Types].xml, _rels, workbook, sheet. */
export function toXlsx(sheet: Sheet, name: string): Uint8Array {
  const rows = sheet
    .map((row, rowIndex) => {
      const cells = row.map((cell, column) =>
        xlsxCell(cell, `${columnName(column)}${rowIndex + 1}`),
      );
      return `<row r="${rowIndex + 1}">${cells.join('')}</row>`;
    })
    .join('');
  const files: Record<string, string> = {
    '[Content_Types].xml': `${xmlHeader}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${xmlHeader}<Relationships xmlns="${packageRelNs}"><Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${xmlHeader}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${xmlHeader}<Relationships xmlns="${packageRelNs}"><Relationship Id="rId1" Type="${relNs}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${xmlHeader}<worksheet xmlns="${mainNs}"><sheetData>${rows}</sheetData></worksheet>`,
  };
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])),
  );
}

export type SpreadsheetKind = 'csv' | 'xlsx';

const mediaTypes: Record<SpreadsheetKind, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The sheet as a file of the chosen kind; `name` names the XLSX's one sheet. */
export function spreadsheetBlob(sheet: Sheet, kind: SpreadsheetKind, name: string): Blob {
  const body = kind === 'csv' ? toCsv(sheet) : toXlsx(sheet, name).slice().buffer;
  return new Blob([body], { type: mediaTypes[kind] });
}
