import type { receiptsEn } from '../en/receipts.ts';

/** Kiswahili for the receipts of every feature. Terms follow docs/glossary.md. */
export const receiptsSw: Record<keyof typeof receiptsEn, string> = {
  'receipt.print.generating': 'Inaandaa risiti…',
  'receipt.print.paper': 'Karatasi',
  'receipt.print.a4': 'Ukurasa wa A4',
  'receipt.print.roll': 'Karatasi ya mm 80',
  'receipt.print.failed': 'Imeshindwa kutengeneza risiti. Tafadhali jaribu tena.',
};
