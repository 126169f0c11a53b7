import type { AppDatabase, OrderRecord } from '../../../db/database.ts';
import type { MirrorStep } from '../../../sync/outbox.ts';

/**
 * The mirrored sale an order is a line of (decision 0036), changed as the server changes it when
 * that order is edited (`quantity`) or deleted (`null`): the line's quantity and total, or the
 * line gone, and the sale's total and line count summed again from its lines
 * (server/modules/sales/sale-totals.ts). So the sale's page is right on this tablet at once, not
 * only after the next pull. Returns the step that puts the sale back on a refusal: none for an
 * order of no sale, or of a sale this tablet does not keep. The caller's transaction holds
 * `db.sales` (`catalogAndSaleTables`).
 */
export async function changeSaleLine(
  db: AppDatabase,
  order: OrderRecord,
  quantity: number | null,
): Promise<MirrorStep[]> {
  if (!order.saleId) return [];
  const sale = await db.sales.get(order.saleId);
  if (!sale) return [];
  const lines =
    quantity === null
      ? sale.lines.filter((line) => line._id !== order._id)
      : sale.lines.map((line) =>
          line._id === order._id ? { ...line, quantity, total: line.price * quantity } : line,
        );
  await db.sales.put({
    ...sale,
    lines,
    lineCount: lines.length,
    total: lines.reduce((sum, line) => sum + line.total, 0),
  });
  return [{ op: 'put', table: 'sales', value: { ...sale } }];
}

/** The tables an edit or delete of an order writes: the catalog's and the sales'. */
export function catalogAndSaleTables(db: AppDatabase) {
  return [db.products, db.orders, db.sales];
}
