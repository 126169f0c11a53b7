import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DepartmentId } from '../../domain/departments.ts';
import { canEnterDepartment, passesRule, type AccessRule } from '../../domain/permissions.ts';
import type { Category, Role } from '../../domain/users.ts';
import { fixedQuery } from '../db/fixed-query.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { httpError } from '../http-errors.ts';
import { createTokenService, type TokenClaims, type TokenService } from './tokens.ts';

/**
 * Sessions: a signed JWT (HS256 only) carrying sub, email, role, category, ver and exp.
 * Every authenticated request checks the user's row, so a deleted user or one whose tokenVersion
 * moved on (edit, password change, deletion) is rejected at once (docs/server-behaviour.md, 'Auth'):
 * by reading it first (authenticate), or, on the one route that does so, inside the statement that
 * writes (requireAccessConfirmedByStatement, decision 0046).
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
    /**
     * Set by requireAccessConfirmedByStatement when it judged access from the token's claims
     * alone: the session the route's statement must confirm. Undefined everywhere else.
     */
    sessionToConfirm: SessionToConfirm | undefined;
  }
}

export const authMessages = {
  missingToken: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  accessDenied: 'Access denied',
} as const;

/** A session a statement confirms: the user's row still exists at the token's version. */
export interface SessionToConfirm {
  userId: string;
  tokenVersion: number;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function unauthorized(message: string): Error {
  return httpError(401, message, undefined, { 'www-authenticate': 'Bearer' });
}

/** The verified claims of the request's bearer token; 401 without one or for a bad one. */
async function verifiedClaims(request: FastifyRequest): Promise<TokenClaims> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(authMessages.missingToken);
  const claims = await request.server.tokens.verify(token);
  if (!claims) throw unauthorized(authMessages.invalidToken);
  return claims;
}

// Every authenticated request (a batch once, when it arrives) runs it: compiled once
// (server/db/fixed-query.ts). Values [userId].
const currentUserQuery = fixedQuery((db, p) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'category', 'tokenVersion'])
    .where('id', '=', p<string>(0)),
);

/**
 * The user's row while the session is current: the user still exists at the token's version
 * (a deleted user, or one edited since the token was issued, is signed out).
 */
async function currentUserAt(db: Kysely<DatabaseSchema>, userId: string, version: number) {
  const user = (await currentUserQuery.execute(db, [userId])).rows[0];
  return user && user.tokenVersion === version ? user : undefined;
}

/**
 * The same rule as a condition inside a statement (decision 0046): true when the user of `$user`
 * exists at version `$version`, or when `$user` is null (the caller read the user already).
 * `userParam` and `versionParam` are the statement's parameter numbers.
 */
export function sessionIsCurrentSql(userParam: number, versionParam: number): string {
  return `($${userParam}::text is null or exists (select 1 from users
      where id = $${userParam}::text and "tokenVersion" = $${versionParam}::integer))`;
}

/**
 * For a statement that took nothing: 401, as authenticate answers, when the session it was to
 * confirm is no longer current, so a refused write never answers a signed-out user with more.
 */
export async function assertSessionCurrent(
  db: Kysely<DatabaseSchema>,
  session: SessionToConfirm,
): Promise<void> {
  if (!(await currentUserAt(db, session.userId, session.tokenVersion))) {
    throw unauthorized(authMessages.invalidToken);
  }
}

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
  app.decorateRequest('sessionToConfirm', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const claims = await verifiedClaims(request);
    const user = await currentUserAt(options.db, claims.sub, claims.ver);
    if (!user) throw unauthorized(authMessages.invalidToken);
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

/** The user a token names in full (since the e-mail claim), as of the token's version. */
function userOfClaims(claims: TokenClaims): AuthUser | undefined {
  const { sub, email, role, category } = claims;
  if (email === undefined || role === undefined || category === undefined) return undefined;
  return { id: sub, email, role, category };
}

/**
 * preHandler of a write whose one statement confirms the session itself (the order on
 * PostgreSQL, decision 0046), saving the read of the user before it. Access is judged from the
 * token's claims, which are the user's as of the token's version; the handler passes
 * `request.sessionToConfirm` to the statement, which writes nothing unless the user's row still
 * has that version, and then answers 401 (assertSessionCurrent) as authenticate would. The claims
 * are therefore acted on only when they are current. Anything but a pass (a token without the
 * e-mail claim, a refusal) is judged by the user read from the database, as on every other route,
 * so a stale token still gets 401 rather than 403.
 */
export function requireAccessConfirmedByStatement(rule: AccessRule): PreHandler {
  return async (request, reply) => {
    const claims = await verifiedClaims(request);
    const user = userOfClaims(claims);
    if (user && passesRule(user, rule)) {
      request.user = user;
      request.sessionToConfirm = { userId: claims.sub, tokenVersion: claims.ver };
      return;
    }
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
