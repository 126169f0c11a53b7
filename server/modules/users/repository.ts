import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { DatabaseSchema, UsersTable } from '../../db/schema.ts';
import type { PublicUser } from '../../../domain/users.ts';

export type UserRow = Selectable<UsersTable>;
type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    category: row.category,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('email').execute();
}

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/**
 * Ids of all admins. On PostgreSQL the rows are locked (FOR UPDATE) so two concurrent demotions
 * or deletions cannot both see "another admin remains"; SQLite serialises write transactions.
 */
export async function lockAdminIds(
  trx: Transaction<DatabaseSchema>,
  dialect: DialectName,
): Promise<string[]> {
  const query = trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id');
  const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
