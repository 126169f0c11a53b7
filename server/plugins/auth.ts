import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DepartmentId } from '../../domain/departments.ts';
import { canEnterDepartment, passesRule, type AccessRule } from '../../domain/permissions.ts';
import type { Category, Role } from '../../domain/users.ts';
import { fixedQuery } from '../db/fixed-query.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { httpError } from '../http-errors.ts';

/**
 * Sessions: a signed JWT (HS256 only) carrying sub, role, category, ver and exp.
 * Every authenticated request re-reads the user, so a deleted user or one whose tokenVersion
 * moved on (edit, password change, deletion) is rejected at once (docs/server-behaviour.md, 'Auth').
 *
 * Usage in a feature module (a Fastify plugin registered under /api/v1):
 *
 *   import { requireAdmin, requireDepartment } from '../../plugins/auth.ts';
 *   app.get('/hardware/orders', { preHandler: requireDepartment('hardware') }, handler);
 *   app.get('/:dept/orders', { preHandler: requireDepartment((req) => paramsOf(req).dept) }, h);
 *   app.delete('/hardware/orders/:id', { preHandler: requireAdmin }, handler);
 *   app.get('/me', { preHandler: app.authenticate }, (req) => req.user);
 *
 * requireAdmin and requireDepartment authenticate first when app.authenticate has not run, so one
 * preHandler is enough. Inside a handler `request.user` is `{ id, email, role, category }`; it is
 * only set on routes guarded by one of these preHandlers.
 */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  category: Category;
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the bearer token is valid and current; sets request.user. */
    authenticate: PreHandler;
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** Set by app.authenticate / requireAdmin / requireDepartment; read it only behind them. */
    user: AuthUser;
  }
}

export const authMessages = {
  missingToken: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  accessDenied: 'Access denied',
} as const;

const claimsSchema = z.object({
  sub: z.string().min(1),
  ver: z.number().int().nonnegative(),
});

export interface TokenService {
  /** Signs a session token for the user at its current tokenVersion. */
  sign(user: AuthUser & { tokenVersion: number }): Promise<string>;
  /** The verified claims (sub, ver), or undefined for a bad, expired or foreign token. */
  verify(token: string): Promise<{ sub: string; ver: number } | undefined>;
}

/** How many verified tokens the service remembers (a few per signed-in device). */
const verifiedTokenCacheSize = 1000;

export function createTokenService(options: {
  jwtSecret: string;
  tokenTtlSeconds: number;
}): TokenService {
  const key = new TextEncoder().encode(options.jwtSecret);
  /**
   * Tokens whose signature has been verified, with their claims and expiry. A token is an exact
   * string signed with this service's key, so the same string always verifies the same way; only
   * its expiry moves, and it is checked on every use. Revocation does not depend on this cache:
   * authenticate re-reads the user and its tokenVersion on every request. Verifying costs an HMAC
   * on the thread pool plus JWT parsing, about a tenth of a single order's time and more in a
   * batch, where every sub-request carries the same token. Oldest entries go first.
   */
  const verified = new Map<string, { claims: { sub: string; ver: number }; exp: number }>();
  return {
    async sign(user) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ role: user.role, category: user.category, ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(now)
        .setExpirationTime(now + options.tokenTtlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose refuses a token at or after its exp (no clock tolerance): the same rule here.
        if (Math.floor(Date.now() / 1000) < known.exp) {
          return known.claims;
        }
        verified.delete(token);
        return undefined;
      }
      try {
        // Only HS256: 'none' and every other algorithm are refused by jose.
        // A token must say when it was issued and when it expires: one without exp would be valid
        // for ever, and one whose life is longer than TOKEN_TTL (an exp in the year 3000, signed
        // with the real key) or that was issued longer ago than TOKEN_TTL is refused too.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: options.tokenTtlSeconds,
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return undefined;
        if (payload.exp === undefined || payload.iat === undefined) return undefined;
        if (payload.exp - payload.iat > options.tokenTtlSeconds) return undefined;
        verified.set(token, { claims: claims.data, exp: payload.exp });
        if (verified.size > verifiedTokenCacheSize) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        return claims.data;
      } catch {
        return undefined;
      }
    },
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function unauthorized(reply: FastifyReply, message: string): Error {
  reply.header('www-authenticate', 'Bearer');
  return httpError(401, message);
}

// Every authenticated request (and every sub-request of a batch) runs it: compiled once
// (server/db/fixed-query.ts). Values [userId].
const currentUserQuery = fixedQuery((db, p) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'category', 'tokenVersion'])
    .where('id', '=', p<string>(0)),
);

/**
 * Decorates the root instance with `authenticate` and `tokens` and requests with `user`.
 * Called once by buildApp before the feature modules are registered.
 */
export function registerAuth(
  app: FastifyInstance,
  options: { db: Kysely<DatabaseSchema>; jwtSecret: string; tokenTtlSeconds: number },
): void {
  const tokens = createTokenService(options);
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(reply, authMessages.missingToken);
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(reply, authMessages.invalidToken);
    const user = (await currentUserQuery.execute(options.db, [claims.sub])).rows[0];
    // A deleted user, or one edited since the token was issued, is signed out.
    if (!user || user.tokenVersion !== claims.ver) {
      throw unauthorized(reply, authMessages.invalidToken);
    }
    request.user = { id: user.id, email: user.email, role: user.role, category: user.category };
  });
}

async function ensureAuthenticated(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthUser> {
  const current = request.user as AuthUser | null;
  if (current) return current;
  await request.server.authenticate(request, reply);
  return request.user;
}

/** The 403, logged with the account that was refused (an operator's first question). */
function accessDenied(log: FastifyBaseLogger, user: AuthUser) {
  log.warn(
    { account: user.email, userId: user.id, role: user.role, category: user.category },
    'access denied',
  );
  return httpError(403, authMessages.accessDenied);
}

/**
 * Who may call a route (domain/permissions.ts): 'admin' (company-wide), { manage: dept } (admins
 * and that department's manager) or { department: dept } (admins and its members).
 */
export type { AccessRule };

/**
 * Throws 403 'Access denied' (logged with the account) unless the user passes the rule. The one
 * check behind requireAdmin, requireManager, requireDepartment and every sub-request of POST /batch.
 */
export function assertAccess(log: FastifyBaseLogger, user: AuthUser, rule: AccessRule): void {
  if (!passesRule(user, rule)) throw accessDenied(log, user);
}

/** preHandler for a route with an access rule. */
export function requireAccess(rule: AccessRule): PreHandler {
  return async (request, reply) => {
    assertAccess(request.log, await ensureAuthenticated(request, reply), rule);
  };
}

/** preHandler: admins only (403 'Access denied' for everyone else). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await ensureAuthenticated(request, reply);
  if (user.role !== 'admin') throw accessDenied(request.log, user);
}

/** preHandler: admins and that department's manager (a department's admin functions). */
export function requireManager(department: DepartmentId): PreHandler {
  return requireAccess({ manage: department });
}

/**
 * preHandler: admins and managers of any department; the handler narrows a manager to their own
 * department (the users routes, through domain/permissions.ts canManageUser).
 */
export async function requireAdminOrManager(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const user = await ensureAuthenticated(request, reply);
  if (user.role !== 'admin' && user.role !== 'manager') throw accessDenied(request.log, user);
}

/**
 * preHandler factory: admins pass; other users only when their category is the department.
 * `department` is a department id or a function reading it from the request (e.g. a path param).
 */
export function requireDepartment(
  department: DepartmentId | ((request: FastifyRequest) => string | undefined),
): PreHandler {
  return async (request, reply) => {
    const user = await ensureAuthenticated(request, reply);
    if (user.role === 'admin') return;
    const wanted = typeof department === 'function' ? department(request) : department;
    if (!wanted || user.category !== wanted) throw accessDenied(request.log, user);
  };
}

/** True when the user may act in the department (admin, or that department's member). */
export function canAccessDepartment(user: AuthUser, department: string): boolean {
  return canEnterDepartment(user, department);
}
