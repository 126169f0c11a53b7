import type { FastifyInstance } from 'fastify';
import {
  passwordChangeMessages,
  passwordChangeSchema,
  type PasswordChangeInput,
} from '../../../domain/settings.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { httpError } from '../../http-errors.ts';
import { authMessages, type AuthUser } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';
import { auditContextOf, recordChange, type AuditContext } from '../audit/public.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { findUserById, toPublicUser, type UserRow } from './repository.ts';
import { loginLimits } from './routes.ts';

/**
 * PUT /users/me/password (any signed-in user; domain/settings.ts): change one's own password
 * with the current one.
 *
 * - A wrong current password is 400 `passwordChangeMessages.currentWrong`, not 401: the PWA
 *   treats 401 as "your session has ended" and signs out, which a typo must not do.
 * - Rate limited like login (the current password can be guessed through it): per account and
 *   per client IP, counted before any hashing.
 * - The new hash and a raised tokenVersion are written in one transaction with the audit entry
 *   (the password itself is never recorded), so every other session of the user is revoked;
 *   the answer carries a fresh token for this one.
 */
export const tooManyPasswordAttempts = 'Too many attempts. Please try again later.';

function view(row: UserRow) {
  return { ...toPublicUser(row), passwordHash: row.passwordHash };
}

async function changeOwnPassword(
  options: AppContext,
  user: AuthUser,
  input: PasswordChangeInput,
  audit: AuditContext,
): Promise<UserRow> {
  const { db } = options;
  const current = await findUserById(db, user.id);
  // The session was valid a moment ago; a user deleted since is signed out like any other.
  if (!current) throw httpError(401, authMessages.invalidToken);
  if (!(await verifyPassword(input.currentPassword, current.passwordHash))) {
    throw httpError(400, passwordChangeMessages.currentWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, user.id);
    // Only if nothing changed the account since the check (another password change, an admin's
    // edit): otherwise the check above spoke about a state that is gone.
    const after = await trx
      .updateTable('users')
      .set((eb) => ({
        passwordHash,
        tokenVersion: eb('tokenVersion', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('id', '=', user.id)
      .where('tokenVersion', '=', current.tokenVersion)
      .returningAll()
      .executeTakeFirst();
    if (!before || !after) throw httpError(401, authMessages.invalidToken);
    await recordChange(trx, audit, {
      action: 'update',
      entity: 'user',
      entityId: user.id,
      department: null,
      before: view(before),
      after: view(after),
    });
    return after;
  });
}

export async function ownPasswordRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const perAccountLimit = app.createRateLimit({
    max: loginLimits.perAccount.max,
    timeWindow: loginLimits.perAccount.timeWindowMs,
    keyGenerator: (request) => `own-password:${request.user.id}`,
  });

  app.put(
    '/users/me/password',
    {
      preHandler: app.authenticate,
      config: {
        rateLimit: {
          max: loginLimits.perIp.max,
          timeWindow: loginLimits.perIp.timeWindowMs,
          errorResponseBuilder: () => httpError(429, tooManyPasswordAttempts),
        },
      },
    },
    async (request, reply) => {
      const limit = await perAccountLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw httpError(429, tooManyPasswordAttempts);
      }
      const input = parseInput(passwordChangeSchema, request.body);
      const updated = await changeOwnPassword(
        options,
        request.user,
        input,
        auditContextOf(request),
      );
      return { token: await app.tokens.sign(updated), message: passwordChangeMessages.changed };
    },
  );
}
