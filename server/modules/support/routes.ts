import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  markReadSchema,
  supportInputSchema,
  supportMessages,
  type InboxMessage,
} from '../../../domain/support.ts';
import type { AppContext } from '../../context.ts';
import { newId, nowIso } from '../../db/database.ts';
import { httpError } from '../../http-errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';
import { auditContextOf, recordChange } from '../audit/public.ts';
import { countUnread, listInbox, markRead } from './repository.ts';
import { queryWholeNumber } from '../../../domain/number-input.ts';

/**
 * Help & Support (domain/support.ts):
 *
 *   POST  /support                  any signed-in user: stores the message → 201 {message}
 *   GET   /support/messages?limit=  admin: support and contact messages together, newest first
 *   GET   /support/unread-count     admin: {unread} over both kinds
 *   PATCH /support/messages/:id     admin: {read} on a message of either kind → the message
 *
 * Sending is rate limited per account and per client IP. Messages are plain text, stored as
 * sent (trimmed) and returned as JSON strings, never rendered as HTML by the server.
 */
export const supportRouteLimits = {
  perUser: { max: 5, timeWindowMs: 10 * 60_000 },
  perIp: { max: 30, timeWindowMs: 10 * 60_000 },
  // Name 100 + e-mail 254 + subject 200 + message 4000 characters, 4 bytes each, plus JSON.
  bodyBytes: 32 * 1024,
  listDefault: 100,
  listMax: 500,
} as const;

export const supportServerMessages = {
  rateLimited: 'Too many messages. Please try again later.',
  notFound: 'Message not found',
} as const;

const listQuery = z.object({
  limit: queryWholeNumber({
    min: 1,
    max: supportRouteLimits.listMax,
    message: `Invalid limit: use a whole number from 1 to ${supportRouteLimits.listMax}`,
  }).default(supportRouteLimits.listDefault),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

export async function supportRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db } = options;
  const admin = { preHandler: requireAdmin };
  const perUserLimit = app.createRateLimit({
    max: supportRouteLimits.perUser.max,
    timeWindow: supportRouteLimits.perUser.timeWindowMs,
    keyGenerator: (request) => `support:${request.user.id}`,
  });

  app.post(
    '/support',
    {
      preHandler: app.authenticate,
      bodyLimit: supportRouteLimits.bodyBytes,
      config: {
        rateLimit: {
          max: supportRouteLimits.perIp.max,
          timeWindow: supportRouteLimits.perIp.timeWindowMs,
          errorResponseBuilder: () => httpError(429, supportServerMessages.rateLimited),
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(supportInputSchema, request.body);
      // Counted only for a valid message, so a form shown with errors costs no attempt.
      const limit = await perUserLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw httpError(429, supportServerMessages.rateLimited);
      }
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('support_messages')
          .values({ id, ...input, userId: request.user.id, readAt: null, createdAt: nowIso() })
          .execute();
        // Who wrote and about what; the message itself stays in the inbox only.
        await recordChange(trx, auditContextOf(request), {
          action: 'create',
          entity: 'support-message',
          entityId: id,
          department: null,
          before: null,
          after: { subject: input.subject },
        });
      });
      return reply.code(201).send({ message: supportMessages.sent });
    },
  );

  app.get('/support/messages', admin, async (request): Promise<InboxMessage[]> => {
    const { limit } = parseInput(listQuery, request.query);
    return listInbox(db, limit);
  });

  app.get('/support/unread-count', admin, async () => ({ unread: await countUnread(db) }));

  app.patch('/support/messages/:id', admin, async (request): Promise<InboxMessage> => {
    const { id } = parseInput(idParams, request.params);
    const { read } = parseInput(markReadSchema, request.body);
    const message = await markRead(db, id, read, nowIso(), auditContextOf(request));
    if (!message) throw httpError(404, supportServerMessages.notFound);
    return message;
  });
}
