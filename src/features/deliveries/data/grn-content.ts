import { provisionalReceiptNumber } from '../../../components/receipt/receipt-content.ts';
import type { ReceiptContent } from '../../../components/receipt/receipt-content.ts';
import {
  receiptCompanyHeader,
  type ReceiptTextOptions,
} from '../../../components/receipt/receipt-lines.ts';
import type { DeliveryRecord } from '../../../db/database.ts';
import { formatDate } from '../../../i18n/format.ts';
import '../../../i18n/screen-words-deliveries.ts';

/**
 * The GRN number a delivery's note carries: the server's ('GRN-000012') once the server has
 * booked the delivery and nothing of it waits in the outbox; until then null, and the note is
 * provisional under `provisionalReceiptNumber(delivery._id)`.
 */
export function confirmedGrn(delivery: DeliveryRecord): string | null {
  return delivery.grnNumber !== null && !delivery.pendingOutboxId ? delivery.grnNumber : null;
}

/**
 * The goods-received note of a delivery, in the reader's language, drawn by the shared receipt
 * machinery (components/receipt/receipt-pdf.ts) on A4 or an 80 mm roll: the company header, the
 * GRN number (provisional and marked, an 'OFFLINE-' number, like a provisional receipt), the date
 * received, supplier, delivery note and who booked it, then product, location and quantity per
 * line and the total units. A GRN records what arrived where, so it has no price columns.
 */
export function grnContent(delivery: DeliveryRecord, options: ReceiptTextOptions): ReceiptContent {
  const { t, language } = options;
  const confirmed = confirmedGrn(delivery);
  const provisional = confirmed === null;
  const number = confirmed ?? provisionalReceiptNumber(delivery._id);
  return {
    company: receiptCompanyHeader(options, delivery.department),
    title: provisional ? t('deliveries.grnPdf.provisional') : t('deliveries.grnPdf.title'),
    provisional,
    provisionalNote: provisional ? t('deliveries.grnPdf.provisionalNote') : null,
    number: { label: t('deliveries.grnPdf.number'), value: number },
    date: {
      label: t('deliveries.grnPdf.receivedOn'),
      // A calendar date ('2026-11-26'), not an instant: read as UTC midnight, printed as that day.
      value: formatDate(delivery.receivedOn, language, { timeZone: 'UTC' }),
    },
    fields: [
      { label: t('deliveries.grnPdf.supplier'), value: delivery.supplierName },
      { label: t('deliveries.grnPdf.note'), value: delivery.noteNumber },
      ...(delivery.userEmail
        ? [{ label: t('deliveries.grnPdf.bookedBy'), value: delivery.userEmail }]
        : []),
    ],
    lineItems: {
      headings: {
        name: t('deliveries.grnPdf.col.product'),
        detail: t('deliveries.grnPdf.col.location'),
        quantity: t('deliveries.grnPdf.col.quantity'),
      },
      rows: [...delivery.lines]
        .sort((a, b) => a.position - b.position)
        .map((line) => ({
          name: line.productName,
          detail: line.location,
          quantity: String(line.quantity),
        })),
      count: t('deliveries.grnPdf.lineCount', { count: delivery.lines.length }),
    },
    total: { label: t('deliveries.grnPdf.total'), value: String(delivery.totalQuantity) },
    thanks: t('deliveries.grnPdf.signatures'),
    fileName: `grn-${number}.pdf`,
  };
}
