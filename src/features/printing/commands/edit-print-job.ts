import { runCommand } from '../../../sync/run-command.ts';
import { printingDepartment } from '../data/printing-wire.ts';
import { orderTotal } from '../../../../domain/orders.ts';
import { printingOrderEditSchema } from '../../../../domain/printing.ts';
import {
  parseJob,
  printJobOf,
  printingTables,
  type CommandDeps,
  type CommandResult,
} from './printing-command.ts';

/**
 * The admin's full edit of a print job (PUT /printing/orders/{id}): optimistic, rolled back to
 * the fields it replaced when the server refuses. The body carries the spec's fields plus the
 * price the admin saw; the server recomputes totalPrice whatever we send.
 */
export async function editPrintJob(
  id: string,
  fields: unknown,
  deps?: CommandDeps,
): Promise<CommandResult> {
  const input = parseJob(printingOrderEditSchema, fields);
  return runCommand(
    {
      department: printingDepartment,
      tables: printingTables,
      apply: async ({ db, now, uuid }) => {
        const job = await printJobOf(db, id);
        const entryId = uuid();
        const price = input.price ?? job.price;
        const changes = {
          description: input.description,
          price,
          quantity: input.quantity,
          totalPrice: orderTotal(price, input.quantity),
          contact: input.contact,
          category: input.category ?? job.category,
        };
        await db.printingOrders.update(id, {
          ...changes,
          updatedAt: new Date(now()).toISOString(),
          pendingOutboxId: entryId,
        });
        return {
          id: entryId,
          kind: 'printing.update',
          body: changes,
          entityId: id,
          touches: [id],
          rollback: [
            {
              op: 'patch',
              table: 'printingOrders',
              key: id,
              changes: {
                description: job.description,
                price: job.price,
                quantity: job.quantity,
                totalPrice: job.totalPrice,
                contact: job.contact,
                category: job.category,
                updatedAt: job.updatedAt,
                pendingOutboxId: job.pendingOutboxId ?? null,
              },
            },
          ],
          label: {
            key: 'printing.op.edit',
            values: { description: changes.description, quantity: changes.quantity },
          },
          input: { ...changes, orderId: id },
        };
      },
    },
    deps,
  );
}
