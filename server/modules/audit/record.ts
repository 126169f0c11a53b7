import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  changedFields,
  madeAtHeader,
  type AuditAction,
  type AuditEntity,
} from '../../../domain/audit.ts';
import { newId, nowIso } from '../../db/database.ts';
import { fixedQuery } from '../../db/fixed-query.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

/** Who makes a change, and when they made it on their device (offline writes). */
export interface AuditContext {
  userId: string;
  userEmail: string;
  madeAt: string | null;
}

/** Changes made by the server's own tools (seeding, first admin): recorded under their name. */
export function systemAudit(tool: string): AuditContext {
  return { userId: 'system', userEmail: tool, madeAt: null };
}

/** A device clock may be off; a claimed time further than this from the server's is dropped. */
const maxClockSkewMs = 400 * 24 * 60 * 60_000;

/**
 * The audit context of an authenticated request. The client's `x-made-at` is kept only when it is
 * a valid instant not in the future (a few minutes of clock skew allowed) and not absurdly old:
 * it is what the user says, shown beside the server's own time, never instead of it.
 */
export function auditContextOf(request: FastifyRequest): AuditContext {
  return auditContextFor(request.user, request.headers[madeAtHeader]);
}

/** The same for a user and the `x-made-at` value they sent (a batch sub-request's header). */
export function auditContextFor(
  user: { id: string; email: string },
  madeAtValue: string | string[] | undefined,
): AuditContext {
  const claimed = typeof madeAtValue === 'string' ? Date.parse(madeAtValue) : Number.NaN;
  const now = Date.now();
  const plausible =
    Number.isFinite(claimed) && claimed <= now + 5 * 60_000 && now - claimed <= maxClockSkewMs;
  return {
    userId: user.id,
    userEmail: user.email,
    madeAt: plausible ? new Date(claimed).toISOString() : null,
  };
}

export interface ChangeRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  department: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Writes one audit entry in the change's transaction (`trx`): the change and its record commit
 * together or not at all. An update that changed nothing an auditor cares about is not recorded.
 */
export async function recordChange(
  trx: Db,
  audit: AuditContext,
  change: ChangeRecord,
): Promise<void> {
  const changes = changedFields(change.before, change.after);
  if (change.action === 'update' && Object.keys(changes).length === 0) return;
  await insertEntryQuery.execute(trx, [
    newId(),
    nowIso(),
    audit.madeAt,
    audit.userId,
    audit.userEmail,
    change.action,
    change.entity,
    change.entityId,
    change.department,
    JSON.stringify(changes),
  ]);
}

// Every write records one entry: compiled once (server/db/fixed-query.ts). Values in the order
// of the columns below.
const insertEntryQuery = fixedQuery((db, p) =>
  db.insertInto('audit_log').values({
    id: p<string>(0),
    at: p<string>(1),
    madeAt: p<string | null>(2),
    userId: p<string>(3),
    userEmail: p<string>(4),
    action: p<string>(5),
    entity: p<string>(6),
    entityId: p<string>(7),
    department: p<string | null>(8),
    changes: p<string>(9),
  }),
);
