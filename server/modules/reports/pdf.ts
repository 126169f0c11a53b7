import PDFDocument from 'pdfkit';
import { localDateTimeText } from '../../../domain/business-period.ts';
import { formatTsh } from '../../../domain/money.ts';
import { reportMessages, type ReportRow } from '../../../domain/reports.ts';
import type { CompanySettingsInput } from '../../../domain/settings.ts';
import type { ReportSummary } from './rows.ts';

/**
 * The department report as a PDF (docs/server-behaviour.md, 'Reports'), written with pdfkit's
 * built-in Helvetica (no font files): company header from the settings, department and period,
 * one row per order (date and time in the business time zone, order id, product, quantity, unit
 * price, total), the summary and page numbers.
 *
 * The document is a readable stream: rows are added page by page as the caller reads them, and
 * pdfkit emits each PDF page when the next one starts, so memory holds one page of the document,
 * whatever the number of orders. Page numbers read 'Page n' and are written as each page is made
 * (see PageNumbering for 'Page n of m').
 */
export interface ReportHeading {
  company: CompanySettingsInput;
  /** e.g. 'Fresh Oil'. */
  departmentName: string;
  /** The days asked for, YYYY-MM-DD, both included. */
  startDate: string;
  endDate: string;
  timeZone: string;
  generatedAt: Date;
}

/**
 * 'running': 'Page n', written as each page is made, so each page leaves memory when the next
 * begins. 'of-total': 'Page n of m', which needs pdfkit's bufferPages (every page kept until
 * the end); measured by the bench, kept for comparison only.
 */
export type PageNumbering = 'running' | 'of-total';

export interface ReportPdf {
  doc: PDFKit.PDFDocument;
  addRows(rows: readonly ReportRow[]): void;
  /** Writes the summary (or the empty-period text) and ends the document. */
  finish(summary: ReportSummary): void;
}

const page = { width: 595.28, height: 841.89, margin: 40 } as const;
const contentRight = page.width - page.margin;
/** Rows stop here; below is the page number. */
const contentBottom = page.height - 60;
const footerY = page.height - 40;
const rowHeight = 14;
const fontSize = 9;

/** Table columns: left edge, width, and whether the text is right-aligned (numbers). */
const columns = [
  { title: 'Date', width: 84, right: false },
  { title: 'Order ID', width: 92, right: false },
  { title: 'Product', width: 151, right: false },
  { title: 'Qty', width: 36, right: true },
  { title: 'Unit price', width: 76, right: true },
  { title: 'Total', width: 76, right: true },
].reduce<{ title: string; x: number; width: number; right: boolean }[]>((list, column) => {
  const previous = list[list.length - 1];
  const x = previous ? previous.x + previous.width : page.margin;
  return [...list, { ...column, x }];
}, []);
const cellPadding = 4;

// The Windows-1252 characters outside Latin-1 that the standard fonts' encoding also holds.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the built-in fonts can draw (they speak Windows-1252): accented letters outside it lose
 * their accent (Ş → S), anything else becomes '?', so a product named with an emoji prints a
 * placeholder instead of garbage.
 */
export function printableText(text: string): string {
  // Most cells are plain ASCII: no copy.
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      winAnsiExtras.has(char)
    ) {
      out += char;
      continue;
    }
    if (code < 0x20) {
      out += ' ';
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
  }
  return out;
}

export function createReportPdf(
  heading: ReportHeading,
  numbering: PageNumbering = 'running',
): ReportPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: page.margin, left: page.margin, right: page.margin, bottom: 20 },
    info: {
      Title: `${heading.departmentName} report ${heading.startDate} to ${heading.endDate}`,
      Author: heading.company.name,
    },
    autoFirstPage: false,
    bufferPages: numbering === 'of-total',
  });
  let pageNumber = 0;
  let y = 0;

  // Widths by font and text: measuring runs pdfkit's glyph and kerning lookups, the largest
  // cost of a long report, and the cells' shapes repeat from row to row.
  let fontKey = '';
  const widths = new Map<string, number>();
  const useFont = (name: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique', size: number) => {
    doc.font(name).fontSize(size);
    fontKey = `${name}|${size}|`;
  };
  // Keyed with every digit written as 0: the Helvetica digits share one advance, so dates,
  // order ids and amounts of one shape measure once (kerning between digits, where a font
  // has any, moves a cell by a fraction of a point).
  const widthOf = (value: string): number => {
    const key = fontKey + value.replace(/[0-9]/g, '0');
    let width = widths.get(key);
    if (width === undefined) {
      if (widths.size >= 10_000) widths.clear();
      width = doc.widthOfString(value);
      widths.set(key, width);
    }
    return width;
  };

  const text = (value: string, x: number, at: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(value, x, at, { lineBreak: false, ...options });

  /** Cuts text to a width with an ellipsis (one width measurement when it fits). */
  const fit = (value: string, width: number): string => {
    if (widthOf(value) <= width) return value;
    let low = 0;
    let high = value.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (widthOf(`${value.slice(0, middle)}…`) <= width) low = middle;
      else high = middle - 1;
    }
    return `${value.slice(0, low)}…`;
  };

  const cell = (value: string, index: number, at: number) => {
    const column = columns[index];
    if (!column) return;
    const inner = column.width - 2 * cellPadding;
    const fitted = fit(printableText(value), inner);
    const width = widthOf(fitted);
    const x = column.right ? column.x + column.width - cellPadding - width : column.x + cellPadding;
    // pdfkit measures the text again unless told its width (an option its types do not list).
    const options = { lineBreak: false, textWidth: width, wordCount: 1 };
    doc.text(fitted, x, at, options);
  };

  const tableHeader = () => {
    useFont('Helvetica-Bold', fontSize);
    columns.forEach((column, index) => cell(column.title, index, y));
    y += rowHeight - 2;
    doc.moveTo(page.margin, y).lineTo(contentRight, y).lineWidth(0.5).stroke();
    y += 4;
    useFont('Helvetica', fontSize);
  };

  const newPage = () => {
    doc.addPage();
    pageNumber += 1;
    useFont('Helvetica', 8);
    doc.fillColor('#555555');
    if (numbering === 'running') text(`Page ${pageNumber}`, page.margin, footerY);
    const period = `${heading.startDate} to ${heading.endDate}`;
    if (pageNumber > 1) {
      text(
        printableText(`${heading.company.name} - ${heading.departmentName} report, ${period}`),
        page.margin,
        page.margin,
      );
      y = page.margin + 18;
    }
    doc.fillColor('#000000');
  };

  // First page: the company, the department and the period.
  newPage();
  y = page.margin;
  useFont('Helvetica-Bold', 16);
  text(printableText(heading.company.name), page.margin, y);
  y += 22;
  useFont('Helvetica', fontSize);
  for (const line of [
    heading.company.address,
    heading.company.phone ? `Phone: ${heading.company.phone}` : '',
    heading.company.tin ? `TIN: ${heading.company.tin}` : '',
  ]) {
    if (!line) continue;
    text(printableText(line), page.margin, y);
    y += 12;
  }
  y += 10;
  useFont('Helvetica-Bold', 13);
  text(printableText(`Department: ${heading.departmentName}`), page.margin, y);
  y += 18;
  useFont('Helvetica', 10);
  text(
    `Period: ${heading.startDate} to ${heading.endDate} (whole days, ${heading.timeZone})`,
    page.margin,
    y,
  );
  y += 14;
  text(`Generated: ${localDateTimeText(heading.generatedAt, heading.timeZone)}`, page.margin, y);
  y += 24;
  let tableStarted = false;

  return {
    doc,
    addRows(rows) {
      for (const row of rows) {
        if (!tableStarted) {
          tableHeader();
          tableStarted = true;
        }
        if (y + rowHeight > contentBottom) {
          newPage();
          tableHeader();
        }
        cell(localDateTimeText(new Date(row.createdAt), heading.timeZone), 0, y);
        cell(row.orderId, 1, y);
        cell(row.productName, 2, y);
        cell(String(row.quantity), 3, y);
        cell(formatTsh(row.unitPrice), 4, y);
        cell(formatTsh(row.total), 5, y);
        y += rowHeight;
      }
    },
    finish(summary) {
      const lines = [
        `Orders: ${summary.orders}`,
        `Units: ${summary.units}`,
        `Revenue: ${formatTsh(summary.revenue)}`,
      ];
      const needed = 24 + 18 + lines.length * 14 + (summary.orders === 0 ? 20 : 0);
      if (y + needed > contentBottom) newPage();
      y += 10;
      if (tableStarted) {
        doc.moveTo(page.margin, y).lineTo(contentRight, y).lineWidth(0.5).stroke();
        y += 10;
      } else {
        useFont('Helvetica-Oblique', 11);
        text(reportMessages.empty, page.margin, y);
        y += 20;
      }
      useFont('Helvetica-Bold', 11);
      text('Summary', page.margin, y);
      y += 18;
      useFont('Helvetica', 10);
      for (const line of lines) {
        text(line, page.margin, y);
        y += 14;
      }
      if (numbering === 'of-total') {
        const range = doc.bufferedPageRange();
        useFont('Helvetica', 8);
        doc.fillColor('#555555');
        for (let index = range.start; index < range.start + range.count; index += 1) {
          doc.switchToPage(index);
          text(`Page ${index + 1} of ${range.count}`, page.margin, footerY);
        }
      }
      doc.end();
    },
  };
}
