import { jsPDF } from 'jspdf';
import { receiptColumns, type ReceiptColumns } from './receipt-columns.ts';
import type {
  ReceiptContent,
  ReceiptField,
  ReceiptLineItem,
  ReceiptLineItems,
} from './receipt-content.ts';

/**
 * Draws a receipt with jspdf. This module (and jspdf with it) is only ever loaded with
 * `import()` (print-receipt.ts), so the screens do not carry it; vite.config.ts puts jspdf in the
 * `receipt-pdf` chunk, which the service worker precaches: receipts print offline.
 *
 * Two layouts: an A4 page (more pages when the content needs them), and an 80 mm thermal roll
 * (72 mm printable, as the ESC/POS printers shops use), as long as its content. Only jspdf's own text and line calls are used, so
 * its lazy html2canvas/DOMPurify extras (not precached) are never loaded.
 */
export type ReceiptLayout = 'a4' | 'roll80';

interface LayoutSpec {
  width: number;
  /** Null: one page as long as the content (the roll). */
  height: number | null;
  margin: number;
  /** Points. */
  size: { company: number; body: number; title: number; total: number; note: number };
  /** Width of the label column; null puts label and value on one line, the value to the right. */
  labelWidth: number | null;
}

const layouts: Record<ReceiptLayout, LayoutSpec> = {
  a4: {
    width: 210,
    height: 297,
    margin: 20,
    size: { company: 20, body: 11, title: 16, total: 14, note: 10 },
    labelWidth: 45,
  },
  roll80: {
    width: 80,
    height: null,
    margin: 4,
    size: { company: 12, body: 8.5, title: 10, total: 11, note: 7.5 },
    labelWidth: null,
  },
};

const red: [number, number, number] = [176, 0, 0];
const black: [number, number, number] = [0, 0, 0];
const ptToMm = 25.4 / 72;

/**
 * jspdf's standard fonts cover Latin-1 only: typographic spaces (Intl puts U+202F in some times)
 * become plain ones, and anything else outside Latin-1 a '?', rather than garbage glyphs.
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\n\x20-\x7e\u00a0-\u00ff]/gu, '?');
}

class Writer {
  readonly doc: jsPDF;
  readonly spec: LayoutSpec;
  y: number;
  constructor(doc: jsPDF, spec: LayoutSpec) {
    this.doc = doc;
    this.spec = spec;
    this.y = spec.margin;
  }

  private get right(): number {
    return this.spec.width - this.spec.margin;
  }

  private get inner(): number {
    return this.spec.width - 2 * this.spec.margin;
  }

  private lineHeight(size: number): number {
    return size * ptToMm * this.doc.getLineHeightFactor();
  }

  /** Starts a new A4 page when `needed` mm do not fit (true then); the roll never breaks. */
  private room(needed: number): boolean {
    const { height, margin } = this.spec;
    if (height !== null && this.y + needed > height - margin) {
      this.doc.addPage();
      this.y = margin;
      return true;
    }
    return false;
  }

  private font(size: number, bold: boolean, colour = black): void {
    this.doc.setFont('helvetica', bold ? 'bold' : 'normal');
    this.doc.setFontSize(size);
    this.doc.setTextColor(...colour);
  }

  private wrap(text: string, width: number): string[] {
    return this.doc.splitTextToSize(pdfSafe(text), width) as string[];
  }

  centred(text: string, size: number, bold = false, colour = black): void {
    this.font(size, bold, colour);
    for (const line of this.wrap(text, this.inner)) {
      const height = this.lineHeight(size);
      this.room(height);
      this.y += height;
      this.doc.text(line, this.spec.width / 2, this.y, { align: 'center' });
    }
  }

  gap(mm: number): void {
    this.y += mm;
  }

  rule(): void {
    this.room(3);
    this.y += 2;
    this.doc.setDrawColor(...black);
    this.doc.setLineWidth(this.spec.labelWidth === null ? 0.2 : 0.4);
    this.doc.line(this.spec.margin, this.y, this.right, this.y);
    this.y += 1;
  }

  /**
   * A label and its value: in two columns (A4), or on one line with the value to the right (the
   * roll, and `valueRight`: a goods total, under the amounts).
   */
  field(line: ReceiptField, size: number, bold = false, valueRight = false): void {
    const { margin, labelWidth } = this.spec;
    const height = this.lineHeight(size);
    if (labelWidth !== null && !valueRight) {
      const values = this.wrap(line.value, this.inner - labelWidth);
      this.room(height * values.length);
      this.font(size, true);
      this.doc.text(pdfSafe(line.label), margin, this.y + height);
      this.font(size, bold);
      values.forEach((value, index) =>
        this.doc.text(value, margin + labelWidth, this.y + height * (index + 1)),
      );
      this.y += height * values.length + 1.5;
      return;
    }
    this.font(size, bold);
    const label = pdfSafe(`${line.label}:`);
    const value = pdfSafe(line.value);
    this.room(height);
    if (this.doc.getTextWidth(`${label} ${value}`) <= this.inner) {
      this.y += height;
      this.doc.text(label, margin, this.y);
      this.doc.text(value, this.right, this.y, { align: 'right' });
    } else {
      this.y += height;
      this.doc.text(label, margin, this.y);
      for (const part of this.wrap(line.value, this.inner)) {
        this.y += height;
        this.doc.text(part, margin, this.y);
      }
    }
    this.y += 0.8;
  }

  /**
   * Draws one row of the table (or its headings), in the table's `columns`. When the row starts
   * a new A4 page, `onNewPage` draws there first (the headings again).
   */
  private itemRow(
    row: ReceiptLineItem,
    columns: ReceiptColumns,
    size: number,
    bold: boolean,
    onNewPage?: () => void,
  ): void {
    const height = this.lineHeight(size);
    this.font(size, bold);
    const names = this.wrap(row.name, columns.nameWidth);
    const details =
      columns.detail && row.detail !== undefined ? this.wrap(row.detail, columns.detail.width) : [];
    // The line (from 1) the numbers go on, the one the details start on, and how many in all.
    let numbersLine = 1;
    let detailLine = 1;
    let lines = Math.max(names.length, details.length, 1);
    if (columns.stacked) {
      detailLine = names.length + 1;
      const ownLines = columns.detail?.ownLines === true;
      numbersLine = ownLines ? names.length + details.length + 1 : names.length + 1;
      lines = ownLines ? numbersLine : names.length + Math.max(details.length, 1);
    }
    if (this.room(height * lines + 1) && onNewPage) onNewPage();
    this.font(size, bold);
    const { margin } = this.spec;
    names.forEach((name, index) => this.doc.text(name, margin, this.y + height * (index + 1)));
    details.forEach((detail, index) =>
      this.doc.text(detail, columns.detail?.x ?? margin, this.y + height * (detailLine + index)),
    );
    const numbersY = this.y + height * numbersLine;
    this.doc.text(pdfSafe(row.quantity), columns.qty, numbersY, { align: 'right' });
    if (columns.unit !== null) {
      this.doc.text(pdfSafe(row.unitPrice ?? ''), columns.unit, numbersY, { align: 'right' });
      this.doc.text(pdfSafe(row.amount ?? ''), this.right, numbersY, { align: 'right' });
    }
    this.y += height * lines + 1;
  }

  private thinRule(): void {
    this.doc.setDrawColor(...black);
    this.doc.setLineWidth(0.1);
    this.doc.line(this.spec.margin, this.y, this.right, this.y);
    this.y += 1;
  }

  /**
   * The goods: headings, a rule, one row per line, in the columns the headings name; an A4 page
   * that breaks repeats the headings.
   */
  lineItems(items: ReceiptLineItems, size: number, noteSize: number): void {
    const { width, margin, labelWidth } = this.spec;
    const columns = receiptColumns(items.headings, { width, margin, roll: labelWidth === null });
    const headings = () => {
      this.itemRow(items.headings, columns, size, true);
      this.thinRule();
    };
    headings();
    for (const row of items.rows) this.itemRow(row, columns, size, false, headings);
    // The count, the total and the thanks below it stay together on one A4 page.
    this.room(35);
    this.thinRule();
    this.font(noteSize, false);
    const height = this.lineHeight(noteSize);
    this.room(height);
    this.y += height;
    this.doc.text(pdfSafe(items.count), this.spec.margin, this.y);
  }
}

function draw(doc: jsPDF, content: ReceiptContent, spec: LayoutSpec): number {
  const writer = new Writer(doc, spec);
  const { size } = spec;
  writer.centred(content.company.name, size.company, true);
  writer.gap(1);
  for (const line of content.company.lines) writer.centred(line, size.note);
  writer.rule();
  writer.gap(2);
  writer.centred(content.title, size.title, true, content.provisional ? red : black);
  if (content.provisionalNote) writer.centred(content.provisionalNote, size.note, false, red);
  writer.gap(2);
  writer.field(content.number, size.body, true);
  writer.field(content.date, size.body);
  writer.rule();
  for (const item of content.fields) writer.field(item, size.body);
  if (content.lineItems) writer.lineItems(content.lineItems, size.body, size.note);
  writer.rule();
  writer.field(content.total, size.total, true, content.lineItems !== null);
  writer.rule();
  writer.gap(2);
  writer.centred(content.thanks, size.note);
  return writer.y + spec.margin;
}

/** The receipt as a PDF document in the given layout. */
export function renderReceipt(content: ReceiptContent, layout: ReceiptLayout): jsPDF {
  const spec = layouts[layout];
  let height = spec.height;
  if (height === null) {
    // The roll is cut after the last line: measure on a scratch page, then draw for real.
    const scratch = new jsPDF({ unit: 'mm', format: [spec.width, 2000] });
    height = Math.max(spec.width + 1, Math.ceil(draw(scratch, content, spec)));
  }
  const doc = new jsPDF({ unit: 'mm', format: [spec.width, height], orientation: 'portrait' });
  doc.setProperties({
    title: pdfSafe(`${content.title} ${content.number.value}`),
    creator: pdfSafe(content.company.name),
  });
  draw(doc, content, spec);
  return doc;
}

/** The PDF file's bytes. */
export function receiptPdf(content: ReceiptContent, layout: ReceiptLayout): ArrayBuffer {
  return renderReceipt(content, layout).output('arraybuffer');
}

/** The PDF as a Blob, for a download in the browser. */
export function receiptPdfBlob(content: ReceiptContent, layout: ReceiptLayout): Blob {
  return renderReceipt(content, layout).output('blob');
}
