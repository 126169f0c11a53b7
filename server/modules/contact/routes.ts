import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactMessages } from '../../../domain/contact-messages.ts';
import {
  classifyContact,
  contactSchema,
  type ContactMessage,
  type ContactSentResponse,
} from '../../../domain/contact.ts';
import type { AppContext } from '../../context.ts';
import { newId, nowIso } from '../../db/database.ts';
import { httpError } from '../../http-errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import { parseInput } from '../../validation.ts';
import { queryWholeNumber } from '../../../domain/number-input.ts';

/**
 * Public contact form. Anyone may send (no sign-in), so sending is rate limited per client IP
 * and the body is small; only admins read the messages. Messages are plain text: stored as
 * sent and returned as JSON strings, never turned into HTML by the server.
 */
export const contactLimits = {
  perIp: { max: 5, timeWindowMs: 10 * 60_000 },
  // Name 100 + contact 254 + message 2000 characters, up to 4 bytes each in UTF-8, plus JSON.
  bodyBytes: 16 * 1024,
  listDefault: 100,
  listMax: 500,
} as const;

const listQuery = z.object({
  limit: queryWholeNumber({
    min: 1,
    max: contactLimits.listMax,
    message: `Invalid limit: use a whole number from 1 to ${contactLimits.listMax}`,
  }).default(contactLimits.listDefault),
});

/** The public contact form's writes in the audit trail: nobody is signed in. */
const publicFormAudit: AuditContext = { userId: 'public', userEmail: 'contact form', madeAt: null };

export async function contactRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db } = options;

  app.post(
    '/contact',
    {
      bodyLimit: contactLimits.bodyBytes,
      config: {
        rateLimit: {
          max: contactLimits.perIp.max,
          timeWindow: contactLimits.perIp.timeWindowMs,
          errorResponseBuilder: () => httpError(429, contactMessages.rateLimited),
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(contactSchema, request.body);
      // The schema has checked the shape; classifyContact cannot be null here.
      const kind = classifyContact(input.contact)?.kind ?? 'email';
      const row = {
        id: newId(),
        name: input.name,
        contact: input.contact,
        contactKind: kind,
        message: input.message,
        createdAt: nowIso(),
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('contact_messages').values(row).execute();
        // Sent by someone not signed in: recorded under the form's name, without the message.
        await recordChange(trx, publicFormAudit, {
          action: 'create',
          entity: 'contact-message',
          entityId: row.id,
          department: null,
          before: null,
          after: { name: row.name, contactKind: row.contactKind },
        });
      });
      const response: ContactSentResponse = {
        _id: row.id,
        createdAt: row.createdAt,
        message: contactMessages.sent,
      };
      return reply.code(201).send(response);
    },
  );

  app.get('/contact', { preHandler: requireAdmin }, async (request): Promise<ContactMessage[]> => {
    const { limit } = parseInput(listQuery, request.query);
    const rows = await db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      contact: row.contact,
      contactKind: row.contactKind === 'phone' ? 'phone' : 'email',
      message: row.message,
      createdAt: row.createdAt,
    }));
  });
}
