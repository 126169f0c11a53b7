import { recordChange, type AuditContext, type ChangeRecord } from '../audit/public.ts';
import type { Kysely } from 'kysely';
import { loginMessages, userFormMessages } from '../../../domain/user-messages.ts';
import {
  normalizeEmail,
  type CreateUserInput,
  type LoginInput,
  type LoginResponse,
  type PublicUser,
  type UpdateUserInput,
} from '../../../domain/users.ts';
import { isUniqueViolation, newId, nowIso, type DialectName } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { canAssign, canManageUser } from '../../../domain/permissions.ts';
import { authMessages, type AuthUser } from '../../plugins/auth.ts';
import type { TokenService } from '../../plugins/tokens.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  lockAdminIds,
  toPublicUser,
  type UserRow,
} from './repository.ts';

interface Deps {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  tokens: TokenService;
}

export async function login(deps: Deps, input: LoginInput): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, normalizeEmail(input.email));
  // Same message and (through the dummy hash) similar time for unknown e-mail and wrong password.
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw httpError(401, loginMessages.invalidCredentials);
  const token = await deps.tokens.sign(user);
  return {
    _id: user.id,
    email: user.email,
    role: user.role,
    category: user.category,
    token,
    message: loginMessages.loginSuccess,
  };
}

/** The users the actor manages: everyone for an admin, a manager's own department's employees. */
export async function getUsers(deps: Pick<Deps, 'db'>, actor: AuthUser): Promise<PublicUser[]> {
  return (await listUsers(deps.db)).filter((row) => canManageUser(actor, row)).map(toPublicUser);
}

// A manager reaching past their department's employees (docs/decisions/0038).
function notYours(): Error {
  return httpError(403, authMessages.accessDenied);
}

/** Creates a user; 409 when the e-mail (case-insensitive) is taken. */
export async function createUser(
  deps: Pick<Deps, 'db'>,
  actor: AuthUser,
  input: CreateUserInput,
  audit: AuditContext,
): Promise<PublicUser> {
  if (!canAssign(actor, input)) throw notYours();
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(deps.db, email)) throw httpError(409, userFormMessages.emailTaken);
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    email,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    category: input.category,
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
  try {
    // The user and its audit entry commit together.
    await deps.db.transaction().execute(async (trx) => {
      await insertUser(trx, row);
      await recordChange(trx, audit, userChange('create', row.id, null, row));
    });
  } catch (error) {
    // A concurrent create with the same e-mail lost the race to the unique index.
    if (isUniqueViolation(error)) throw httpError(409, userFormMessages.emailTaken);
    throw error;
  }
  return toPublicUser(row);
}

/** A user change as the audit trail keeps it: public fields, and whether the password changed. */
function userChange(
  action: 'create' | 'update' | 'delete',
  id: string,
  before: UserRow | null,
  after: UserRow | null,
): ChangeRecord {
  const view = (row: UserRow | null) =>
    row ? { ...toPublicUser(row), passwordHash: row.passwordHash } : null;
  return {
    action,
    entity: 'user',
    entityId: id,
    department: null,
    before: view(before),
    after: view(after),
  };
}

/**
 * Edits a user. Every edit increments tokenVersion, which signs the user out everywhere; when an
 * admin edits their own account the answer carries a fresh `token` so they stay signed in.
 */
export async function updateUser(
  deps: Deps,
  actor: AuthUser,
  id: string,
  input: UpdateUserInput,
  audit: AuditContext,
): Promise<PublicUser & { token?: string }> {
  const email = normalizeEmail(input.email);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await deps.db
    .transaction()
    .execute(async (trx) => {
      const adminIds = await lockAdminIds(trx, deps.dialect);
      const current = await findUserById(trx, id);
      if (!current) throw httpError(404, userFormMessages.userNotFound);
      if (!canManageUser(actor, current) || !canAssign(actor, input)) throw notYours();
      if (current.role === 'admin' && input.role !== 'admin' && adminIds.length <= 1) {
        throw httpError(409, userFormMessages.lastAdmin);
      }
      if (email !== current.email) {
        const other = await findUserByEmail(trx, email);
        if (other && other.id !== id) throw httpError(409, userFormMessages.emailTaken);
      }
      const row = await trx
        .updateTable('users')
        .set((eb) => ({
          email,
          role: input.role,
          category: input.category,
          ...(passwordHash ? { passwordHash } : {}),
          tokenVersion: eb('tokenVersion', '+', 1),
          updatedAt: nowIso(),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChange(trx, audit, userChange('update', id, current, row));
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw httpError(409, userFormMessages.emailTaken);
      throw error;
    });
  const result: PublicUser & { token?: string } = toPublicUser(updated);
  if (updated.id === actor.id) result.token = await deps.tokens.sign(updated);
  return result;
}

/** Deletes a user (their tokens die with the row). Not yourself, and never the last admin. */
export async function deleteUser(
  deps: Deps,
  actor: AuthUser,
  id: string,
  audit: AuditContext,
): Promise<void> {
  if (id === actor.id) throw httpError(403, userFormMessages.cannotDeleteSelf);
  await deps.db.transaction().execute(async (trx) => {
    const adminIds = await lockAdminIds(trx, deps.dialect);
    const current = await findUserById(trx, id);
    if (!current) throw httpError(404, userFormMessages.userNotFound);
    if (!canManageUser(actor, current)) throw notYours();
    if (current.role === 'admin' && adminIds.length <= 1) {
      throw httpError(409, userFormMessages.lastAdmin);
    }
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordChange(trx, audit, userChange('delete', id, current, null));
  });
}
