import type { PrintingOrderRecord } from '../../../db/database.ts';
import type { Language } from '../../../i18n/dictionaries.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';
import { readReceiptCompany } from '../../settings/company-settings.ts';
import { receiptContent, receiptFileName } from './receipt-content.ts';
import type { ReceiptLayout } from './receipt-pdf.ts';
import { downloadBlob } from '../../../components/download-blob.ts';

/**
 * 'Print Order': builds the job's receipt and hands it to the browser as a PDF download (the
 * tablet's print dialog or the thermal printer's app takes it from there). jspdf is loaded here,
 * on the first print, from the precached `receipt-pdf` chunk, so it works offline.
 */
export async function downloadReceipt(
  job: PrintingOrderRecord,
  options: { t: TranslateFn; language: Language; layout: ReceiptLayout },
): Promise<void> {
  const [{ receiptPdfBlob }, { receiptFooter, ...company }] = await Promise.all([
    import('./receipt-pdf.ts'),
    // The admin's company details from the settings mirror (offline too), else the defaults.
    readReceiptCompany(),
  ]);
  const content = receiptContent(job, { ...options, company, footer: receiptFooter });
  downloadBlob(receiptPdfBlob(content, options.layout), receiptFileName(content));
}

/** The layout the shop printed last; a shop has one printer, so the choice is remembered. */
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
