import type { receiptsEn } from '../en/receipts.ts';

/** Kiswahili for the receipts of every feature. Terms follow docs/glossary.md. */
export const receiptsSw: Record<keyof typeof receiptsEn, string> = {
  'receipt.print.button': 'Chapisha risiti',
  'receipt.print.row': 'Risiti',
  'receipt.print.rowOf': 'Chapisha risiti ya {name}',
  'receipt.print.generating': 'Inaandaa risiti…',
  'receipt.print.paper': 'Karatasi',
  'receipt.print.a4': 'Ukurasa wa A4',
  'receipt.print.roll': 'Karatasi ya mm 80',
  'receipt.print.failed': 'Imeshindwa kutengeneza risiti. Tafadhali jaribu tena.',
  'receipt.title': 'RISITI',
  'receipt.provisional': 'RISITI YA MUDA',
  'receipt.provisionalNote':
    'Bado haijathibitishwa na seva. Namba ya mwisho ya risiti itatolewa ikisawazishwa.',
  'receipt.number': 'Namba ya risiti',
  'receipt.date': 'Tarehe',
  'receipt.phone': 'Simu',
  'receipt.tin': 'TIN',
  'receipt.col.item': 'Bidhaa',
  'receipt.col.quantity': 'Idadi',
  'receipt.col.unitPrice': 'Bei kwa kimoja',
  'receipt.col.amount': 'Kiasi',
  'receipt.itemCount': '{count, plural, one {Bidhaa #} other {Bidhaa #}}',
  'receipt.total': 'Jumla',
  'receipt.thanks': 'Asante kwa kufanya biashara nasi.',
};
