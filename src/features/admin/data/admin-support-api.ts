import type { KyInstance } from 'ky';
import { z } from 'zod';
import {
  inboxMessageSchema,
  unreadCountSchema,
  type InboxMessage,
  type SupportInput,
} from '../../../../domain/support.ts';
import {
  getJson,
  onlineCall,
  sendJson,
  authorization,
  type OnlineResult,
} from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/** Help & Support and the inbox (domain/support.ts), online only. */

const sentSchema = z.object({ message: z.string() });

/** POST /support: 201 {message}. */
export function sendSupportMessage(
  token: string,
  input: SupportInput,
  client: KyInstance = apiClient,
): Promise<OnlineResult<{ message: string }>> {
  return sendJson(token, 'post', 'support', input, sentSchema, client);
}

/** How many messages the inbox asks for at once (newest first). */
export const inboxLimit = 200;

/** GET /support/messages: support and contact messages, newest first. */
export function fetchInbox(
  token: string,
  client: KyInstance = apiClient,
): Promise<OnlineResult<InboxMessage[]>> {
  return getJson(token, 'support/messages', z.array(inboxMessageSchema), {
    client,
    searchParams: { limit: inboxLimit },
  });
}

/** PATCH /support/messages/:id {read}. */
export function markMessage(
  token: string,
  id: string,
  read: boolean,
  client: KyInstance = apiClient,
): Promise<OnlineResult<InboxMessage>> {
  return onlineCall(inboxMessageSchema, () =>
    client
      .patch(`support/messages/${encodeURIComponent(id)}`, {
        headers: authorization(token),
        json: { read },
      })
      .json(),
  );
}

/** GET /support/unread-count. */
export function fetchUnreadCount(
  token: string,
  client: KyInstance = apiClient,
): Promise<OnlineResult<number>> {
  return getJson(
    token,
    'support/unread-count',
    unreadCountSchema.transform((body) => body.unread),
    {
      client,
    },
  );
}

/** Newest first, whatever order the server used; ties by id so the order is stable. */
export function newestFirst(messages: readonly InboxMessage[]): InboxMessage[] {
  return [...messages].sort((a, b) =>
    a.createdAt === b.createdAt ? a._id.localeCompare(b._id) : a.createdAt < b.createdAt ? 1 : -1,
  );
}
