import { runCommand } from '../../../sync/run-command.ts';
import { printingDepartment } from '../data/printing-wire.ts';
import {
  printJobOf,
  printingTables,
  type CommandDeps,
  type CommandResult,
} from './printing-command.ts';

/** The admin deletes a print job: gone from the list at once, put back if the server refuses. */
export async function deletePrintJob(id: string, deps?: CommandDeps): Promise<CommandResult> {
  return runCommand(
    {
      department: printingDepartment,
      tables: printingTables,
      apply: async ({ db, uuid }) => {
        const job = await printJobOf(db, id);
        const entryId = uuid();
        await db.printingOrders.delete(id);
        return {
          id: entryId,
          kind: 'printing.delete',
          body: undefined,
          entityId: id,
          touches: [id],
          rollback: [{ op: 'put', table: 'printingOrders', value: { ...job } }],
          label: {
            key: 'printing.op.delete',
            values: { description: job.description, quantity: job.quantity },
          },
          input: { orderId: id },
        };
      },
    },
    deps,
  );
}
