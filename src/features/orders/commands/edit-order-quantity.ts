import { runCommand } from '../../../sync/run-command.ts';
import { outboxMessages } from '../../../../domain/outbox.ts';
import { CommandError } from '../../../sync/command-error.ts';
import type { MirrorStep } from '../../../sync/outbox.ts';
import {
  orderOf,
  requireQuantity,
  stockStep,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';
import { catalogAndSaleTables, changeSaleLine } from './sale-of-line.ts';

/** Changes an order's quantity; local stock moves by the difference, and its sale's total with it. */
export async function editOrderQuantity(
  dept: string,
  orderId: string,
  quantity: number,
  deps?: CommandDeps,
): Promise<CommandResult> {
  requireQuantity(quantity);
  return runCommand(
    {
      department: dept,
      tables: catalogAndSaleTables,
      apply: async ({ db, now, uuid }) => {
        const order = await orderOf(db, dept, orderId);
        const product = await db.products.get(order.productId);
        const delta = quantity - order.quantity;
        // Without a local product row the server alone can judge the stock.
        if (product && delta > product.quantity)
          throw new CommandError('stock', outboxMessages.stockExceeded);
        const entryId = uuid();
        await db.orders.update(orderId, {
          quantity,
          total: order.price * quantity,
          updatedAt: new Date(now()).toISOString(),
          pendingOutboxId: entryId,
        });
        const rollback: MirrorStep[] = [
          {
            op: 'patch',
            table: 'orders',
            key: orderId,
            changes: {
              quantity: order.quantity,
              total: order.total,
              updatedAt: order.updatedAt,
              pendingOutboxId: order.pendingOutboxId ?? null,
            },
          },
        ];
        if (product) {
          await db.products.update(product._id, { quantity: product.quantity - delta });
          rollback.push(stockStep(product._id, delta));
        }
        rollback.push(...(await changeSaleLine(db, order, quantity)));
        return {
          id: entryId,
          kind: 'order.update',
          body: { quantity },
          entityId: orderId,
          touches: [orderId, order.productId],
          rollback,
          label: { key: 'sync.op.editOrder', values: { product: order.productName, quantity } },
          input: { orderId, quantity },
        };
      },
    },
    deps,
  );
}
