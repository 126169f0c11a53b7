import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { AppContext } from '../../server/context.ts';
import { nowIso } from '../../server/db/database.ts';
import { createListVersionTriggers } from '../../server/db/migrations/list-version-triggers.ts';
import {
  createListCache,
  createListServer,
  declareList,
  listChanges,
} from '../../server/modules/lists/public.ts';
import { requireDepartment } from '../../server/plugins/auth.ts';
import { registerWriteRoute } from '../../server/plugins/write-routes.ts';
import { httpError } from '../../server/http-errors.ts';
import { parseInput } from '../../server/validation.ts';
import {
  crateDepartments,
  crateMessages,
  newCrateSchema,
  type CrateJson,
} from './made-up-entity-domain.ts';

/**
 * The made-up entity's server side, as a new module would write it (decision 0032): its table
 * type added to the schema by interface merging, its one migration, and its module (a mirrored
 * list and one write route, batchable). Never imported by the app; the end-to-end test hands the
 * migration and the module to the app as the two registries' lines would.
 */
export interface CratesTable {
  id: string;
  department: string;
  label: string;
  count: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

declare module '../../server/db/schema.ts' {
  interface DatabaseSchema {
    crates: CratesTable;
  }
}

/** The migration file's content (`server/db/migrations/NNNN-crates.ts`). */
export const cratesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('crates')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('department', 'text', (col) => col.notNull())
      .addColumn('label', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('createdAt', 'text', (col) => col.notNull())
      .addColumn('updatedAt', 'text', (col) => col.notNull())
      .addColumn('deletedAt', 'text')
      .execute();
    await db.schema
      .createIndex('crates_department_updated_id_idx')
      .on('crates')
      .columns(['department', 'updatedAt', 'id'])
      .execute();
    await createListVersionTriggers(db, 'crates');
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop table crates`.execute(db);
  },
};

const cratesList = declareList('crates');

function toCrateJson(row: Selectable<CratesTable>): CrateJson {
  return { _id: row.id, label: row.label, count: Number(row.count), updatedAt: row.updatedAt };
}

/** GET /{dept}/crates (the mirrored list) and POST /{dept}/crates (a write a tablet queues). */
export async function cratesRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db } = options;
  const listCache = createListCache();
  for (const department of crateDepartments) {
    const serveList = createListServer({ db, department, listCache });
    const base = `/${department}/crates`;
    app.get(base, { preHandler: requireDepartment(department) }, (request, reply) =>
      serveList(request, reply, {
        list: cratesList,
        all: () =>
          db
            .selectFrom('crates')
            .selectAll()
            .where('department', '=', department)
            .where('deletedAt', 'is', null)
            .orderBy('id')
            .execute(),
        changes: (from, limit) => listChanges(db, cratesList, department, from, limit),
        toJson: toCrateJson,
      }),
    );
    registerWriteRoute(app, db, {
      method: 'POST',
      url: base,
      access: { department },
      parse: (_params, body) => parseInput(newCrateSchema, body),
      run: async (trx, crate) => {
        // A client id is never reused: another key with the same id is a conflict, not a 500.
        const taken = await trx.selectFrom('crates').select('id').where('id', '=', crate._id);
        if (await taken.executeTakeFirst()) throw httpError(409, crateMessages.duplicate);
        const now = nowIso();
        const row = {
          id: crate._id,
          department,
          label: crate.label,
          count: crate.count,
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
        };
        await trx.insertInto('crates').values(row).execute();
        return { statusCode: 201, body: toCrateJson(row) };
      },
    });
  }
}
