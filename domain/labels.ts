/**
 * Barcode labels (issue 15 item 4): which symbol a product's barcode is drawn as, and where each
 * label sits on the page. Pure rules, shared by the PDF writer (src/features/products/labels) and
 * its tests.
 */

export type LabelSymbology = 'ean13' | 'upca' | 'code128' | 'qrcode';

/** GS1 mod-10 check digit of the digits before it (EAN-13 and UPC-A). */
export function gs1CheckDigitValid(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    // Weights 3, 1, 3, … counted from the digit next to the check digit.
    const weight = (body.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(body[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/**
 * EAN-13 or UPC-A where the barcode is one with a valid check digit (what a scanner at the till
 * expects of retail goods), Code 128 for other printable ASCII up to 48 characters (a shop's own
 * codes), else a QR code (longer text, or characters Code 128 cannot carry).
 */
export function labelSymbology(barcode: string): LabelSymbology {
  if (/^\d{13}$/.test(barcode) && gs1CheckDigitValid(barcode)) return 'ean13';
  if (/^\d{12}$/.test(barcode) && gs1CheckDigitValid(barcode)) return 'upca';
  if (/^[\x20-\x7e]{1,48}$/.test(barcode)) return 'code128';
  return 'qrcode';
}

export type LabelLayoutId = 'a4-sheet' | 'roll-50x30';

export interface LabelLayout {
  id: LabelLayoutId;
  /** Page size in millimetres. */
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  /** One label's size and the page's margins, in millimetres. */
  labelWidth: number;
  labelHeight: number;
  marginLeft: number;
  marginTop: number;
}

/**
 * A4 sheets of 3 × 8 labels of 70 × 37 mm with no gaps (the common 24-per-sheet stock), and a
 * roll of 50 × 30 mm labels, one per page, for thermal label printers.
 */
export const labelLayouts: Record<LabelLayoutId, LabelLayout> = {
  'a4-sheet': {
    id: 'a4-sheet',
    pageWidth: 210,
    pageHeight: 297,
    columns: 3,
    rows: 8,
    labelWidth: 70,
    labelHeight: 37,
    marginLeft: 0,
    marginTop: 0.5,
  },
  'roll-50x30': {
    id: 'roll-50x30',
    pageWidth: 50,
    pageHeight: 30,
    columns: 1,
    rows: 1,
    labelWidth: 50,
    labelHeight: 30,
    marginLeft: 0,
    marginTop: 0,
  },
};

export interface LabelSlot {
  /** 0-based page index. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the `index`-th label goes: left to right, then top to bottom, then the next page. */
export function labelSlot(layout: LabelLayout, index: number): LabelSlot {
  const perPage = layout.columns * layout.rows;
  const onPage = index % perPage;
  return {
    page: Math.floor(index / perPage),
    x: layout.marginLeft + (onPage % layout.columns) * layout.labelWidth,
    y: layout.marginTop + Math.floor(onPage / layout.columns) * layout.labelHeight,
    width: layout.labelWidth,
    height: layout.labelHeight,
  };
}

/** At most this many labels in one PDF (about 42 A4 pages): a print run, not the whole godown. */
export const maxLabels = 1000;
