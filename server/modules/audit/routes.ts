import type { FastifyInstance } from 'fastify';
import {
  auditMessages,
  auditQuerySchema,
  type AuditEntryJson,
  type AuditPage,
} from '../../../domain/audit.ts';
import type { AppContext } from '../../context.ts';
import { httpError } from '../../http-errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';

function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at))) throw httpError(400, auditMessages.badQuery);
  return { at, id };
}

/**
 * GET /api/v1/audit (admin): the audit trail, newest first, filtered by entity (and id), user,
 * department and time, paged by a cursor over (at, id) so a page never repeats or skips an entry
 * while new ones are written.
 */
export async function auditRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db } = options;
  app.get('/audit', { preHandler: requireAdmin }, async (request): Promise<AuditPage> => {
    const query = parseInput(auditQuerySchema, request.query);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .$if(query.entity !== undefined, (q) => q.where('entity', '=', query.entity as string))
      .$if(query.entityId !== undefined, (q) => q.where('entityId', '=', query.entityId as string))
      .$if(query.userId !== undefined, (q) => q.where('userId', '=', query.userId as string))
      .$if(query.department !== undefined, (q) =>
        q.where('department', '=', query.department as string),
      )
      .$if(query.from !== undefined, (q) =>
        q.where('at', '>=', new Date(query.from as string).toISOString()),
      )
      .$if(query.to !== undefined, (q) =>
        q.where('at', '<=', new Date(query.to as string).toISOString()),
      )
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('at', '<', after?.at as string),
            eb.and([eb('at', '=', after?.at as string), eb('id', '<', after?.id as string)]),
          ]),
        ),
      )
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const entries: AuditEntryJson[] = page.map((row) => ({
      _id: row.id,
      at: row.at,
      madeAt: row.madeAt,
      userId: row.userId,
      userEmail: row.userEmail,
      action: row.action as AuditEntryJson['action'],
      entity: row.entity as AuditEntryJson['entity'],
      entityId: row.entityId,
      department: row.department,
      changes: JSON.parse(row.changes) as AuditEntryJson['changes'],
    }));
    return {
      entries,
      cursor: rows.length > query.limit && last ? encodeCursor(last.at, last.id) : null,
    };
  });
}
