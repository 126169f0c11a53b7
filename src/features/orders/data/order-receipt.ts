import { orderTotal } from '../../../../domain/orders.ts';
import { provisionalReceiptNumber } from '../../../components/receipt/receipt-content.ts';
import type { LinesReceipt } from '../../../components/receipt/receipt-lines.ts';
import type { OrderRecord } from '../../../db/database.ts';

/**
 * The receipt of a single-product order: one line. Its number is the server's order id
 * ('ORD-HW-000123') once the server has accepted the order; until then (placed offline, still
 * in the outbox) a provisional 'OFFLINE-' number from the order's client id, and the receipt
 * says it is provisional. The mirror row gets the server's id when the order syncs, so printing
 * again then gives the final receipt.
 */
export function orderReceipt(order: OrderRecord): LinesReceipt {
  // As the details page shows it: a mirror row without a total is priced from its unit price.
  const total = Number.isFinite(order.total)
    ? order.total
    : orderTotal(order.price, order.quantity);
  const confirmed = order.orderId ? order.orderId : null;
  return {
    number: confirmed ?? provisionalReceiptNumber(order._id),
    provisional: confirmed === null,
    createdAt: order.createdAt,
    department: order.department,
    lines: [
      {
        name: order.productName,
        quantity: order.quantity,
        unitPrice: order.price,
        lineTotal: total,
      },
    ],
    total,
  };
}
