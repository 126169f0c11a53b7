import type { ReceiptLineItem } from './receipt-content.ts';

/** Where a goods table's columns are on the page (receipt-pdf.ts); x positions in mm from the left. */
export interface ReceiptColumns {
  /** The roll: a row's name (full width) over a line of its numbers. */
  stacked: boolean;
  nameWidth: number;
  /** Right edges of the numbers; `unit` is null in a table without prices (its amount too). */
  qty: number;
  unit: number | null;
  /** The detail column's start and width; `ownLines`: on lines of its own above the numbers. */
  detail: { x: number; width: number; ownLines: boolean } | null;
}

/**
 * The columns of a table whose headings are `headings`, on a page `width` mm wide with `margin`.
 * A4 has one line per row, the texts (name, detail) wrapping in their columns; the roll is too
 * narrow for that, so a row is its name over a line of quantity, unit price and amount, as till
 * receipts are. A table without prices puts the quantity at the right edge, where a receipt has
 * its amount, and its detail after the name (A4) or on the quantity's line (the roll).
 */
export function receiptColumns(
  headings: ReceiptLineItem,
  page: { width: number; margin: number; roll: boolean },
): ReceiptColumns {
  const { width, margin, roll } = page;
  const right = width - margin;
  const inner = right - margin;
  const priced = headings.unitPrice !== undefined && headings.amount !== undefined;
  const hasDetail = headings.detail !== undefined;
  if (roll) {
    const detail = priced
      ? { x: margin, width: inner, ownLines: true }
      : { x: margin, width: inner - 14, ownLines: false };
    return {
      stacked: true,
      nameWidth: inner,
      qty: priced ? margin + 12 : right,
      unit: priced ? margin + 42 : null,
      detail: hasDetail ? detail : null,
    };
  }
  const unit = priced ? right - 38 : null;
  const qty = unit === null ? right : unit - 34;
  const textWidth = qty - (priced ? 16 : 22) - margin;
  if (!hasDetail) return { stacked: false, nameWidth: textWidth, qty, unit, detail: null };
  const nameWidth = Math.round(textWidth * 0.55);
  const detail = { x: margin + nameWidth + 4, width: textWidth - nameWidth - 4, ownLines: false };
  return { stacked: false, nameWidth, qty, unit, detail };
}
