import type { Kysely, Selectable } from 'kysely';
import {
  companySettingsId,
  defaultCompanySettings,
  type CompanySettings,
  type CompanySettingsInput,
} from '../../../domain/settings.ts';
import type { DialectName } from '../../db/database.ts';
import type { DatabaseSchema, SettingsTable } from '../../db/schema.ts';
import type { ChangesFrom } from '../lists/public.ts';

/**
 * The company settings row (migration 0009-settings-support). Until an admin first saves, the
 * table is empty and every read answers the defaults of domain/settings.ts as a row stamped at
 * the epoch, so a first pull ('0') gets them and the first save (stamped now) reaches every
 * tablet with its next pull.
 */
type Db = Kysely<DatabaseSchema>;
export type SettingsRow = Selectable<SettingsTable>;

/** The settings list belongs to no department: its list_versions counter is ('all', 'settings'). */
export const settingsDepartment = 'all';

const epoch = new Date(0).toISOString();

export function defaultSettingsRow(now = epoch): SettingsRow {
  return {
    id: companySettingsId,
    department: settingsDepartment,
    ...defaultCompanySettings,
    version: 0,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

export function toSettingsJson(row: SettingsRow): CompanySettings {
  return {
    _id: companySettingsId,
    name: row.name,
    address: row.address,
    phone: row.phone,
    tin: row.tin,
    receiptFooter: row.receiptFooter,
    updatedAt: row.updatedAt,
  };
}

export function toSettingsInput(row: SettingsRow): CompanySettingsInput {
  const { name, address, phone, tin, receiptFooter } = row;
  return { name, address, phone, tin, receiptFooter };
}

async function storedRow(db: Db, lock?: DialectName): Promise<SettingsRow | undefined> {
  return db
    .selectFrom('settings')
    .selectAll()
    .where('id', '=', companySettingsId)
    .$if(lock === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}

/** What receipts and reports print: the saved row, or the defaults. */
export async function readSettings(db: Db): Promise<SettingsRow> {
  return (await storedRow(db)) ?? defaultSettingsRow();
}

/**
 * The list's changes from a pull position, as serve-list.ts wants them (one row at most). The
 * virtual defaults row counts as stamped at the epoch with the id 'company'.
 */
export async function settingsChanges(db: Db, from: ChangesFrom): Promise<SettingsRow[]> {
  const row = await readSettings(db);
  const after =
    'after' in from
      ? row.updatedAt > from.after.updatedAt ||
        (row.updatedAt === from.after.updatedAt && row.id > from.after.id)
      : row.updatedAt >= from.since;
  return after ? [row] : [];
}

/**
 * Saves the settings in `trx`: creates the row from the defaults on the first save (a
 * concurrent first save then finds it), locks it on PostgreSQL, and updates it. Returns the row
 * before (defaults on the first save) and after.
 */
export async function saveSettings(
  trx: Db,
  dialect: DialectName,
  input: CompanySettingsInput,
  now: string,
): Promise<{ before: SettingsRow; after: SettingsRow }> {
  await trx
    .insertInto('settings')
    .values(defaultSettingsRow(now))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const before = await storedRow(trx, dialect);
  if (!before) throw new Error('settings row missing after insert');
  const after = await trx
    .updateTable('settings')
    .set((eb) => ({ ...input, version: eb('version', '+', 1), updatedAt: now }))
    .where('id', '=', companySettingsId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
}
