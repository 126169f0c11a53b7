import { downloadBlob } from '../download-blob.ts';
import { readReceiptCompany, type ReceiptCompany } from './receipt-company.ts';
import { receiptFileName, type ReceiptContent } from './receipt-content.ts';
import type { ReceiptLayout } from './receipt-pdf.ts';

/**
 * Prints a receipt: reads the company details (the settings mirror, offline too), lets `build`
 * fill the content with them, draws it in `layout` and hands it to the browser as a PDF download
 * (the tablet's print dialog or the thermal printer's app takes it from there). jspdf is loaded
 * here, on the first print, from the precached `receipt-pdf` chunk, so it works offline; nothing
 * that imports this file carries jspdf.
 */
export async function downloadReceiptPdf(
  build: (company: ReceiptCompany) => ReceiptContent,
  layout: ReceiptLayout,
): Promise<void> {
  const [{ receiptPdfBlob }, company] = await Promise.all([
    import('./receipt-pdf.ts'),
    readReceiptCompany(),
  ]);
  const content = build(company);
  downloadBlob(receiptPdfBlob(content, layout), receiptFileName(content));
}

/**
 * The layout the shop printed last; a shop has one printer, so the choice is remembered, for
 * every receipt of the device. The key keeps the name printing gave it when only print jobs had
 * receipts, so the choice a tablet already made survives.
 */
const layoutKey = 'printing.receiptLayout';

export function savedReceiptLayout(): ReceiptLayout {
  try {
    return localStorage.getItem(layoutKey) === 'roll80' ? 'roll80' : 'a4';
  } catch {
    return 'a4';
  }
}

export function saveReceiptLayout(layout: ReceiptLayout): void {
  try {
    localStorage.setItem(layoutKey, layout);
  } catch {
    // Private mode or a full disk: the choice is simply not remembered.
  }
}
