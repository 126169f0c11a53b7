import { auditContextOf } from '../audit/public.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createUserSchema,
  loginSchema,
  normalizeEmail,
  updateUserSchema,
} from '../../../domain/users.ts';
import type { AppContext } from '../../context.ts';
import { httpError, isHttpError } from '../../http-errors.ts';
import { requireAdminOrManager } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';
import { createUser, deleteUser, getUsers, login, updateUser } from './service.ts';

/**
 * Login limits: a tight one per client IP and e-mail (password guessing against one account)
 * and a looser one per IP (spraying many accounts; an office behind one NAT still fits).
 */
export const loginLimits = {
  perAccount: { max: 10, timeWindowMs: 60_000 },
  perIp: { max: 60, timeWindowMs: 60_000 },
} as const;

export const tooManyLoginAttempts = 'Too many login attempts. Please try again later.';

const idParams = z.object({ id: z.string().min(1) });

function emailKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
  return `login:${request.ip}:${email.slice(0, 254)}`;
}

export async function usersRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const deps = { db: options.db, dialect: options.dialect, tokens: app.tokens };
  const perAccountLimit = app.createRateLimit({
    max: loginLimits.perAccount.max,
    timeWindow: loginLimits.perAccount.timeWindowMs,
    keyGenerator: emailKey,
  });

  app.post(
    '/users/login',
    {
      config: {
        rateLimit: {
          max: loginLimits.perIp.max,
          timeWindow: loginLimits.perIp.timeWindowMs,
          errorResponseBuilder: () => httpError(429, tooManyLoginAttempts),
        },
      },
    },
    async (request, reply) => {
      // Checked before hashing, so a blocked guesser costs no scrypt time.
      const limit = await perAccountLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw httpError(429, tooManyLoginAttempts);
      }
      const input = parseInput(loginSchema, request.body);
      try {
        return await login(deps, input);
      } catch (error) {
        // Who was tried (never the password): what an operator needs to see a guessing attack.
        if (isHttpError(error) && error.statusCode === 401) {
          request.log.warn({ account: input.email }, 'login failed');
        }
        throw error;
      }
    },
  );

  // Admins manage everyone; a manager only their department's employees, checked in the service
  // against the stored user (domain/permissions.ts canManageUser, canAssign).
  app.get('/users', { preHandler: requireAdminOrManager }, (request) =>
    getUsers(deps, request.user),
  );

  app.post('/users/signup', { preHandler: requireAdminOrManager }, async (request, reply) => {
    const input = parseInput(createUserSchema, request.body);
    const user = await createUser(deps, request.user, input, auditContextOf(request));
    return reply.code(201).send(user);
  });

  app.put('/users/:id', { preHandler: requireAdminOrManager }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(updateUserSchema, request.body);
    return updateUser(deps, request.user, id, input, auditContextOf(request));
  });

  app.delete('/users/:id', { preHandler: requireAdminOrManager }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await deleteUser(deps, request.user, id, auditContextOf(request));
    return { _id: id, message: 'User deleted successfully' };
  });
}
