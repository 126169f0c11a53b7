import {
  supplierMessages,
  supplierNameKey,
  supplierSchema,
  type SupplierInput,
} from '../../../../domain/suppliers.ts';
import type { AppDatabase, SupplierRecord } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { runCommand, type CommandDeps, type CommandResult } from '../../../sync/run-command.ts';

export interface SupplierFields {
  name: string;
  phone?: string | null | undefined;
  notes?: string | null | undefined;
}

function supplierTables(db: AppDatabase) {
  return [db.suppliers];
}

/** The fields checked by the server's own schema: a clear message before anything is queued. */
function checked(fields: SupplierFields, id: string): SupplierInput & { _id: string } {
  const parsed = supplierSchema.safeParse({ ...fields, _id: id });
  if (!parsed.success) {
    throw new CommandError(
      'invalid',
      parsed.error.issues[0]?.message ?? supplierMessages.nameRequired,
    );
  }
  return { ...parsed.data, _id: id };
}

/** One supplier per name, ignoring case and spaces: the mirror knows the department's names. */
async function assertNameFree(
  db: AppDatabase,
  dept: string,
  name: string,
  id: string,
): Promise<void> {
  const key = supplierNameKey(name);
  const same = await db.suppliers
    .where('department')
    .equals(dept)
    .filter((supplier) => supplier._id !== id && supplierNameKey(supplier.name) === key)
    .first();
  if (same) throw new CommandError('invalid', supplierMessages.duplicateName);
}

/**
 * Adds a supplier (issue 25 item 3), offline: the supplier is in the mirror at once, waiting to
 * sync, so a delivery can name it before the server has it (the outbox sends the two in order).
 */
export async function addSupplier(
  dept: string,
  fields: SupplierFields & { supplierId?: string },
  deps?: CommandDeps,
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: supplierTables,
      apply: async ({ db, now, uuid }) => {
        const input = checked(fields, fields.supplierId ?? uuid());
        await assertNameFree(db, dept, input.name, input._id);
        const entryId = uuid();
        const stamp = new Date(now()).toISOString();
        const record: SupplierRecord = {
          _id: input._id,
          department: dept,
          name: input.name,
          phone: input.phone ?? null,
          notes: input.notes ?? null,
          createdAt: stamp,
          updatedAt: stamp,
          pendingOutboxId: entryId,
        };
        await db.suppliers.add(record);
        return {
          id: entryId,
          kind: 'supplier.create',
          body: input,
          entityId: input._id,
          touches: [input._id],
          rollback: [{ op: 'delete', table: 'suppliers', key: input._id }],
          label: { key: 'sync.op.addSupplier', values: { supplier: input.name } },
          input,
        };
      },
    },
    deps,
  );
}

/** Edits a supplier's name, phone and notes (a full edit, as the server's PUT takes it). */
export async function editSupplier(
  dept: string,
  supplierId: string,
  fields: SupplierFields,
  deps?: CommandDeps,
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: supplierTables,
      apply: async ({ db, now, uuid }) => {
        const current = await db.suppliers.get(supplierId);
        if (!current || current.department !== dept) {
          throw new CommandError('invalid', supplierMessages.notFound);
        }
        const input = checked(fields, supplierId);
        await assertNameFree(db, dept, input.name, supplierId);
        const entryId = uuid();
        await db.suppliers.update(supplierId, {
          name: input.name,
          phone: input.phone ?? null,
          notes: input.notes ?? null,
          updatedAt: new Date(now()).toISOString(),
          pendingOutboxId: entryId,
        });
        const { _id, ...body } = input;
        return {
          id: entryId,
          kind: 'supplier.update',
          body,
          entityId: _id,
          touches: [_id],
          rollback: [{ op: 'put', table: 'suppliers', value: { ...current } }],
          label: { key: 'sync.op.editSupplier', values: { supplier: input.name } },
          input,
        };
      },
    },
    deps,
  );
}
