import { runCommand } from '../../../sync/run-command.ts';
import { orderTotal } from '../../../../domain/orders.ts';
import { printingOrderSchema } from '../../../../domain/printing.ts';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import {
  parseJob,
  printingTables,
  type CommandDeps,
  type CommandResult,
} from './printing-command.ts';
import { printingDepartment } from '../data/printing-wire.ts';

/**
 * Takes a print job (the /printing form): checked with the one domain schema the server uses,
 * written to the mirror at once (so it is listed, and its provisional receipt prints, offline)
 * and queued for POST /printing/orders with its client id. The server numbers the receipt and
 * computes the total again; the reconcile puts its answer in place of the local row.
 */
export async function submitPrintJob(fields: unknown, deps?: CommandDeps): Promise<CommandResult> {
  const input = parseJob(printingOrderSchema, fields);
  return runCommand(
    {
      department: printingDepartment,
      tables: printingTables,
      apply: async ({ db, now, uuid, user }) => {
        const id = input._id ?? uuid();
        const entryId = uuid();
        const stamp = new Date(now()).toISOString();
        const job: PrintingOrderRecord = {
          _id: id,
          department: printingDepartment,
          receiptNumber: null,
          description: input.description,
          price: input.price,
          quantity: input.quantity,
          totalPrice: orderTotal(input.price, input.quantity),
          contact: input.contact,
          category: input.category,
          userId: user._id,
          version: 0,
          createdAt: stamp,
          updatedAt: stamp,
          pendingOutboxId: entryId,
        };
        await db.printingOrders.add(job);
        const body = {
          _id: id,
          description: input.description,
          price: input.price,
          quantity: input.quantity,
          contact: input.contact,
          category: input.category,
        };
        return {
          id: entryId,
          kind: 'printing.create',
          body,
          entityId: id,
          touches: [id],
          rollback: [{ op: 'delete', table: 'printingOrders', key: id }],
          label: {
            key: 'printing.op.create',
            values: { description: input.description, quantity: input.quantity },
          },
          input: { ...input, _id: id },
        };
      },
    },
    deps,
  );
}
