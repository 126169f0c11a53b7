import { z } from 'zod';
import { AppDatabase } from '../../src/db/database.ts';
import {
  crateDepartments,
  crateJsonSchema,
  newCrateSchema,
  type NewCrate,
} from './made-up-entity-domain.ts';
import { CommandError } from '../../src/sync/command-error.ts';
import { declareWrite, type OfflineEntities } from '../../src/sync/registry.ts';
import { runCommand, type CommandDeps, type CommandResult } from '../../src/sync/run-command.ts';

/**
 * A made-up offline entity's tablet side, as its feature folder would hold it (never imported by
 * the app), so the sync engine's tests prove the engine without any real feature (decision 0030):
 * 'crates' mirrored per department ('hardware' and 'stationery' have them, pulled 1,000 a page),
 * and a 'crate.add' write that puts a crate in the mirror at once and queues POST /{dept}/crates.
 * Its one Dexie version is `DatabaseWithCrates`; its contract is made-up-entity-domain.ts and its
 * server module made-up-entity-server.ts (the end-to-end test, tests/integration/made-up-entity.test.ts).
 * 'tickets' are a made-up list with a retention window (decision 0035): dated by `issuedAt`, 30
 * days kept unless the device chose otherwise, at most 50 per department.
 */
declare module '../../src/sync/registry.ts' {
  interface OutboxInputs {
    'crate.add': NewCrate;
  }
}

export interface CrateRecord {
  _id: string;
  department: string;
  label: string;
  count: number;
  pendingOutboxId?: string | null;
}

export class DatabaseWithCrates extends AppDatabase {
  constructor(name = `crates-${crypto.randomUUID()}`) {
    super(name);
    this.version(92).stores({
      crates: '_id, department',
      tickets: '_id, department, [department+issuedAt]',
    });
  }
}

export const crateEntities: OfflineEntities = {
  lists: [
    {
      table: 'crates',
      scope: 'department',
      departments: crateDepartments,
      path: (department) => `${department}/crates`,
      pageSize: 1000,
      scopeIndex: 'department',
      pendingField: 'pendingOutboxId',
      toRecord: (raw, department) => {
        const parsed = crateJsonSchema.safeParse(raw);
        if (!parsed.success) return undefined;
        const { _id, label, count } = parsed.data;
        return { _id, label, count, department, pendingOutboxId: null };
      },
    },
  ],
  writes: [
    declareWrite({
      kind: 'crate.add',
      input: newCrateSchema,
      method: 'POST',
      path: (_input, department) => `${department}/crates`,
      reconcile: { table: 'crates' },
      retry: ({ department, input }, edits, context) =>
        addCrate(
          department ?? '',
          {
            crateId: input._id,
            label: input.label,
            count: typeof edits.count === 'number' ? edits.count : input.count,
          },
          context,
        ),
      editableQuantity: (input) => ({ field: 'count', value: input.count }),
    }),
  ],
};

/** The made-up command: the crate is in the mirror at once, waiting for its entry. */
export function addCrate(
  department: string,
  fields: { label: string; count: number; crateId?: string },
  deps: CommandDeps = {},
): Promise<CommandResult> {
  return runCommand(
    {
      department,
      tables: (db) => [db.table('crates')],
      apply: async ({ db, uuid }) => {
        if (fields.count < 1) throw new CommandError('invalid', 'Count at least one');
        const crateId = fields.crateId ?? uuid();
        const entryId = uuid();
        const crate: CrateRecord = {
          _id: crateId,
          department,
          label: fields.label,
          count: fields.count,
          pendingOutboxId: entryId,
        };
        await db.table('crates').put(crate);
        const input: NewCrate = { _id: crateId, label: fields.label, count: fields.count };
        return {
          id: entryId,
          kind: 'crate.add',
          input,
          body: input,
          entityId: crateId,
          touches: [crateId],
          rollback: [{ op: 'delete', table: 'crates', key: crateId }],
          label: { key: 'test.op.addCrate', values: { label: fields.label, count: fields.count } },
        };
      },
    },
    deps,
  );
}

/** The server's answer to a created crate. */
export function crateJson(body: { _id: string; label: string; count: number }) {
  return { _id: body._id, label: body.label, count: body.count };
}

export interface TicketRecord {
  _id: string;
  department: string;
  note: string;
  /** ISO-8601 UTC: what dates a ticket for the retention window. */
  issuedAt: string;
}

const ticketWire = z.object({ _id: z.string(), note: z.string(), issuedAt: z.string() });

/** The made-up list with a retention rule, declared as data like any real list would. */
export const ticketEntities: OfflineEntities = {
  lists: [
    {
      table: 'tickets',
      scope: 'department',
      departments: crateDepartments,
      path: (department) => `${department}/tickets`,
      pageSize: 1000,
      scopeIndex: 'department',
      retention: {
        field: 'issuedAt',
        index: '[department+issuedAt]',
        param: 'issuedSince',
        defaultDays: 30,
        maxRows: 50,
      },
      toRecord: (raw, department): TicketRecord | undefined => {
        const parsed = ticketWire.safeParse(raw);
        return parsed.success ? { ...parsed.data, department } : undefined;
      },
    },
  ],
};
