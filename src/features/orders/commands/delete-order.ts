import { runCommand } from '../../../sync/run-command.ts';
import type { MirrorStep } from '../../../sync/outbox.ts';
import {
  orderOf,
  stockStep,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';
import { catalogAndSaleTables, changeSaleLine } from './sale-of-line.ts';

/** Deletes an order; its quantity returns to the local stock and its line leaves its sale. */
export async function deleteOrder(
  dept: string,
  orderId: string,
  deps?: CommandDeps,
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: catalogAndSaleTables,
      apply: async ({ db, uuid }) => {
        const order = await orderOf(db, dept, orderId);
        const product = await db.products.get(order.productId);
        const entryId = uuid();
        await db.orders.delete(orderId);
        const rollback: MirrorStep[] = [{ op: 'put', table: 'orders', value: { ...order } }];
        if (product) {
          await db.products.update(product._id, { quantity: product.quantity + order.quantity });
          rollback.push(stockStep(product._id, -order.quantity));
        }
        rollback.push(...(await changeSaleLine(db, order, null)));
        return {
          id: entryId,
          kind: 'order.delete',
          body: undefined,
          entityId: orderId,
          touches: [orderId, order.productId],
          rollback,
          label: {
            key: 'sync.op.deleteOrder',
            values: { product: order.productName, quantity: order.quantity },
          },
          input: { orderId },
        };
      },
    },
    deps,
  );
}
