import { formatTsh } from '../../../../domain/money.ts';
import { orderTotal } from '../../../../domain/orders.ts';
import { maxSaleLines, saleMessages } from '../../../../domain/sales.ts';
import { outboxMessages } from '../../../../domain/outbox.ts';
import type { AppDatabase, OrderRecord, SaleRecord } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import type { MirrorStep } from '../../../sync/outbox.ts';
import { runCommand } from '../../../sync/run-command.ts';
import {
  productOf,
  requireQuantity,
  stockStep,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';

export interface PlaceSaleInput {
  lines: { productId: string; quantity: number; orderId?: string }[];
  /** Normally left out (a new UUID); set when re-running a refused sale. */
  saleId?: string;
}

/** The mirror tables a sale writes: the stock, its order lines and the sale. */
function saleTables(db: AppDatabase) {
  return [db.products, db.orders, db.sales];
}

/** The domain's rules a basket can break before anything is read (the server checks them too). */
function checkLines(lines: PlaceSaleInput['lines']): void {
  if (lines.length === 0) throw new CommandError('invalid', saleMessages.noLines);
  if (lines.length > maxSaleLines) throw new CommandError('invalid', saleMessages.tooManyLines);
  const products = new Set(lines.map((line) => line.productId));
  if (products.size !== lines.length) {
    throw new CommandError('invalid', saleMessages.duplicateProduct);
  }
  for (const line of lines) requireQuantity(line.quantity);
}

/**
 * Places a sale of several items (decision 0036) in ONE Dexie transaction: every line's stock is
 * taken from the mirror, each line is written as a pending order of the sale (so Orders lists it
 * at once), the sale itself is written without a number (provisional), and ONE outbox entry
 * carries the whole sale. A line over the mirror's stock refuses the sale here, writing nothing.
 */
export async function placeSale(
  dept: string,
  input: PlaceSaleInput,
  deps?: CommandDeps,
): Promise<CommandResult> {
  checkLines(input.lines);
  return runCommand(
    {
      department: dept,
      tables: saleTables,
      apply: async ({ db, now, uuid }) => {
        const saleId = input.saleId ?? uuid();
        const entryId = uuid();
        const stamp = new Date(now()).toISOString();
        const orders: OrderRecord[] = [];
        for (const line of input.lines) {
          const product = await productOf(db, dept, line.productId);
          if (line.quantity > product.quantity) {
            throw new CommandError('stock', outboxMessages.stockExceeded);
          }
          orders.push({
            _id: line.orderId ?? uuid(),
            department: dept,
            orderId: null,
            productId: product._id,
            productName: product.name,
            quantity: line.quantity,
            price: product.price,
            total: orderTotal(product.price, line.quantity),
            status: 'pending',
            createdAt: stamp,
            updatedAt: stamp,
            saleId,
            saleNumber: null,
            pendingOutboxId: entryId,
          });
          await db.products.update(product._id, { quantity: product.quantity - line.quantity });
        }
        const total = orders.reduce((sum, order) => sum + order.total, 0);
        const sale: SaleRecord = {
          _id: saleId,
          department: dept,
          saleNumber: null,
          total,
          lineCount: orders.length,
          lines: orders.map((order) => ({
            _id: order._id,
            orderId: null,
            productId: order.productId,
            productName: order.productName,
            quantity: order.quantity,
            price: order.price,
            total: order.total,
          })),
          createdAt: stamp,
          updatedAt: stamp,
          pendingOutboxId: entryId,
        };
        await db.orders.bulkAdd(orders);
        await db.sales.add(sale);
        const body = {
          _id: saleId,
          lines: orders.map((order) => ({
            _id: order._id,
            productId: order.productId,
            quantity: order.quantity,
          })),
        };
        const rollback: MirrorStep[] = [
          { op: 'delete', table: 'sales', key: saleId },
          ...orders.flatMap((order): MirrorStep[] => [
            { op: 'delete', table: 'orders', key: order._id },
            stockStep(order.productId, order.quantity),
          ]),
        ];
        return {
          id: entryId,
          kind: 'sale.create',
          body,
          entityId: saleId,
          touches: [saleId, ...orders.flatMap((order) => [order._id, order.productId])],
          rollback,
          label: {
            key: 'sync.op.placeSale',
            values: { lines: orders.length, total: formatTsh(total) },
          },
          input: body,
        };
      },
    },
    deps,
  );
}
