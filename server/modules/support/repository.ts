import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { InboxMessage } from '../../../domain/support.ts';
import type {
  ContactMessagesTable,
  DatabaseSchema,
  SupportMessagesTable,
} from '../../db/schema.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';

/**
 * The admin inbox over two tables: `support_messages` (the portal's Help & Support form) and
 * `contact_messages` (the public site's form). Both carry `readAt` (null = unread).
 */
type Db = Kysely<DatabaseSchema>;

function fromSupport(row: Selectable<SupportMessagesTable>): InboxMessage {
  return {
    _id: row.id,
    source: 'support',
    name: row.name,
    contact: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  };
}

function fromContact(row: Selectable<ContactMessagesTable>): InboxMessage {
  return {
    _id: row.id,
    source: 'contact',
    name: row.name,
    contact: row.contact,
    // The public form has no subject.
    subject: '',
    message: row.message,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  };
}

/** Newest first (ties by id, descending): the newest `limit` of each kind, merged and cut. */
export async function listInbox(db: Db, limit: number): Promise<InboxMessage[]> {
  const [support, contact] = await Promise.all([
    db
      .selectFrom('support_messages')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const merged = [...support.map(fromSupport), ...contact.map(fromContact)];
  const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  merged.sort((a, b) => descending(a.createdAt, b.createdAt) || descending(a._id, b._id));
  return merged.slice(0, limit);
}

export async function countUnread(db: Db): Promise<number> {
  const [support, contact] = await Promise.all(
    (['support_messages', 'contact_messages'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('readAt', 'is', null)
        .executeTakeFirstOrThrow(),
    ),
  );
  return Number(support?.n ?? 0) + Number(contact?.n ?? 0);
}

/**
 * Marks a message of either kind read (keeping the first time it was read) or unread, in one
 * transaction with its audit entry (read before and after, by whom). Ids are UUIDs from one
 * generator, so an id names at most one message across both tables.
 */
export async function markRead(
  db: Db,
  id: string,
  read: boolean,
  now: string,
  audit: AuditContext,
): Promise<InboxMessage | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('support_messages')
      .select('readAt')
      .where('id', '=', id)
      .executeTakeFirst();
    const readAt = (
      eb: ExpressionBuilder<DatabaseSchema, 'support_messages' | 'contact_messages'>,
    ) => (read ? eb.fn.coalesce('readAt', eb.val(now)) : null);
    let message: InboxMessage | undefined;
    let wasRead: boolean;
    if (before) {
      wasRead = before.readAt !== null;
      const row = await trx
        .updateTable('support_messages')
        .set((eb) => ({ readAt: readAt(eb) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      message = fromSupport(row);
    } else {
      const contact = await trx
        .selectFrom('contact_messages')
        .select('readAt')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!contact) return undefined;
      wasRead = contact.readAt !== null;
      const row = await trx
        .updateTable('contact_messages')
        .set((eb) => ({ readAt: readAt(eb) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      message = fromContact(row);
    }
    await recordChange(trx, audit, {
      action: 'update',
      entity: message.source === 'support' ? 'support-message' : 'contact-message',
      entityId: id,
      department: null,
      before: { read: wasRead },
      after: { read: message.read },
    });
    return message;
  });
}
