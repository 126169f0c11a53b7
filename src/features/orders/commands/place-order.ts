import { runCommand } from '../../../sync/run-command.ts';
import type { OrderRecord } from '../../../db/database.ts';
import { outboxMessages } from '../../../../domain/outbox.ts';
import { CommandError } from '../../../sync/command-error.ts';
import {
  productOf,
  catalogTables,
  requireQuantity,
  stockStep,
  type CommandDeps,
  type CommandResult,
} from '../../department/catalog-command.ts';

export interface PlaceOrderInput {
  productId: string;
  quantity: number;
  /** Normally left out (a new UUID); set when re-running a failed order. */
  orderId?: string;
}

/** Places an order: a local order row (status pending) and the product's local stock reduced. */
export async function placeOrder(
  dept: string,
  input: PlaceOrderInput,
  deps?: CommandDeps,
): Promise<CommandResult> {
  requireQuantity(input.quantity);
  return runCommand(
    {
      department: dept,
      tables: catalogTables,
      apply: async ({ db, now, uuid }) => {
        const product = await productOf(db, dept, input.productId);
        if (input.quantity > product.quantity)
          throw new CommandError('stock', outboxMessages.stockExceeded);
        const orderId = input.orderId ?? uuid();
        const entryId = uuid();
        const stamp = new Date(now()).toISOString();
        const order: OrderRecord = {
          _id: orderId,
          department: dept,
          orderId: null,
          productId: product._id,
          productName: product.name,
          quantity: input.quantity,
          price: product.price,
          total: product.price * input.quantity,
          status: 'pending',
          createdAt: stamp,
          updatedAt: stamp,
          pendingOutboxId: entryId,
        };
        await db.orders.add(order);
        await db.products.update(product._id, { quantity: product.quantity - input.quantity });
        return {
          id: entryId,
          kind: 'order.create',
          body: { _id: orderId, productId: product._id, quantity: input.quantity },
          entityId: orderId,
          touches: [orderId, product._id],
          rollback: [
            { op: 'delete', table: 'orders', key: orderId },
            stockStep(product._id, input.quantity),
          ],
          label: {
            key: 'sync.op.placeOrder',
            values: { product: product.name, quantity: input.quantity },
          },
          input: { productId: product._id, quantity: input.quantity, orderId },
        };
      },
    },
    deps,
  );
}
