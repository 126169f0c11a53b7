import { provisionalReceiptNumber } from '../../../components/receipt/receipt-content.ts';
import type { LinesReceipt } from '../../../components/receipt/receipt-lines.ts';
import type { SaleRecord } from '../../../db/database.ts';

/**
 * The receipt of a sale: its lines under the sale number. The number is the server's
 * ('SALE-HW-000042') once the server has accepted the sale and no change of it waits in the
 * outbox; until then a provisional 'OFFLINE-' number from the sale's client id, and the receipt
 * says so. The mirror gets the server's number when the sale syncs, so printing again then gives
 * the final receipt (issue 25 item 2).
 */
export function saleReceipt(sale: SaleRecord): LinesReceipt {
  const confirmed = sale.saleNumber !== null && !sale.pendingOutboxId ? sale.saleNumber : null;
  return {
    number: confirmed ?? provisionalReceiptNumber(sale._id),
    provisional: confirmed === null,
    createdAt: sale.createdAt,
    department: sale.department,
    lines: sale.lines.map((line) => ({
      name: line.productName,
      quantity: line.quantity,
      unitPrice: line.price,
      lineTotal: line.total,
    })),
    total: sale.total,
  };
}
