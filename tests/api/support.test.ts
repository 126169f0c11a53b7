import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inboxMessageSchema,
  supportMessages,
  unreadCountSchema,
  type InboxMessage,
} from '../../domain/support.ts';
import { supportRouteLimits, supportServerMessages } from '../../server/modules/support/routes.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Help & Support: signed-in users send messages; admins read them in one inbox with the public
 * contact form's messages, newest first, and mark them read or unread.
 */
describeEachDatabase('support inbox', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let clerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    clerk = await createUser(t, { role: 'employee', category: 'stationery' });
  });
  afterAll(() => t.close());

  const send = (user: TestUser, payload: unknown) =>
    request(t, { method: 'POST', url: '/api/v1/support', token: user, payload: payload as object });
  const inbox = async (query = ''): Promise<InboxMessage[]> => {
    const res = await request(t, {
      method: 'GET',
      url: `/api/v1/support/messages${query}`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<unknown[]>().map((row) => inboxMessageSchema.parse(row));
  };
  const unread = async () => {
    const res = await request(t, {
      method: 'GET',
      url: '/api/v1/support/unread-count',
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    return unreadCountSchema.parse(res.json()).unread;
  };
  const mark = (id: string, payload: unknown, user: TestUser = admin) =>
    request(t, {
      method: 'PATCH',
      url: `/api/v1/support/messages/${id}`,
      token: user,
      payload: payload as object,
    });
  const stamp = (table: 'support_messages' | 'contact_messages', subject: string, at: string) =>
    table === 'support_messages'
      ? t.db.updateTable(table).set({ createdAt: at }).where('subject', '=', subject).execute()
      : t.db.updateTable(table).set({ createdAt: at }).where('name', '=', subject).execute();

  describe('sending', () => {
    it('stores a signed-in user’s message as sent, trimmed', async () => {
      const res = await send(clerk, {
        name: ' Asha ',
        email: 'asha@example.com',
        subject: 'Printer',
        message: '<b>The printer</b> is jammed',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ message: supportMessages.sent });
      const row = await t.db
        .selectFrom('support_messages')
        .selectAll()
        .where('subject', '=', 'Printer')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Asha',
        userId: clerk.id,
        message: '<b>The printer</b> is jammed',
        readAt: null,
      });
    });

    it('refuses a missing field or a bad e-mail with the domain messages', async () => {
      const full = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' };
      const cases: [unknown, string][] = [
        [{}, supportMessages.allRequired],
        [{ ...full, subject: '   ' }, supportMessages.allRequired],
        [{ ...full, message: undefined }, supportMessages.allRequired],
        [{ ...full, email: 'not-an-email' }, supportMessages.emailInvalid],
        [{ ...full, message: 'x'.repeat(4001) }, supportMessages.tooLong],
      ];
      for (const [payload, message] of cases) {
        const res = await send(clerk, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/support', payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it(`limits one account to ${supportRouteLimits.perUser.max} messages per window`, async () => {
      const chatty = await createUser(t, { role: 'employee', category: 'godown' });
      const statuses: number[] = [];
      for (let index = 0; index <= supportRouteLimits.perUser.max; index += 1) {
        const res = await send(chatty, {
          name: 'Chatty',
          email: 'chatty@example.com',
          subject: `Limit ${index}`,
          message: 'Hello',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      await t.db.deleteFrom('support_messages').where('name', '=', 'Chatty').execute();
    });
  });

  describe('the inbox', () => {
    beforeAll(async () => {
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: { name: 'Visitor', contact: '0712345678', message: 'Do you sell cement?' },
      });
      expect(contact.statusCode).toBe(201);
      expect(
        (
          await send(clerk, {
            name: 'Juma',
            email: 'juma@example.com',
            subject: 'Login',
            message: 'I forgot my password',
          })
        ).statusCode,
      ).toBe(201);
      // Known times, so the order is certain: Login newest, then the visitor, then Printer.
      await stamp('support_messages', 'Printer', '2026-11-20T08:00:00.000Z');
      await stamp('contact_messages', 'Visitor', '2026-11-21T08:00:00.000Z');
      await stamp('support_messages', 'Login', '2026-11-22T08:00:00.000Z');
    });

    it('lists support and contact messages together, newest first', async () => {
      const messages = await inbox();
      expect(messages.map((message) => [message.source, message.name])).toEqual([
        ['support', 'Juma'],
        ['contact', 'Visitor'],
        ['support', 'Asha'],
      ]);
      expect(messages[1]).toMatchObject({
        contact: '0712345678',
        subject: '',
        message: 'Do you sell cement?',
        read: false,
      });
      expect(messages[0]).toMatchObject({ contact: 'juma@example.com', subject: 'Login' });
      expect((await inbox('?limit=2')).map((message) => message.name)).toEqual(['Juma', 'Visitor']);
    });

    it('refuses a bad limit', async () => {
      for (const limit of ['0', '-1', 'abc', String(supportRouteLimits.listMax + 1)]) {
        const res = await request(t, {
          method: 'GET',
          url: `/api/v1/support/messages?limit=${limit}`,
          token: admin,
        });
        expect(res.statusCode, limit).toBe(400);
      }
    });

    it('marks either kind read and unread, and counts the unread', async () => {
      expect(await unread()).toBe(3);
      const [juma, visitor] = await inbox();
      const readContact = await mark(visitor?._id ?? '', { read: true });
      expect(readContact.statusCode, readContact.body).toBe(200);
      expect(inboxMessageSchema.parse(readContact.json())).toMatchObject({
        source: 'contact',
        read: true,
      });
      expect((await mark(juma?._id ?? '', { read: true })).json()).toMatchObject({ read: true });
      expect(await unread()).toBe(1);
      expect((await inbox()).map((message) => message.read)).toEqual([true, true, false]);

      // Marking read twice keeps the first time it was read.
      const firstRead = await t.db
        .selectFrom('support_messages')
        .select('readAt')
        .where('id', '=', juma?._id ?? '')
        .executeTakeFirstOrThrow();
      await mark(juma?._id ?? '', { read: true });
      expect(
        await t.db
          .selectFrom('support_messages')
          .select('readAt')
          .where('id', '=', juma?._id ?? '')
          .executeTakeFirstOrThrow(),
      ).toEqual(firstRead);

      expect((await mark(visitor?._id ?? '', { read: false })).json()).toMatchObject({
        read: false,
      });
      expect(await unread()).toBe(2);
    });

    it('records each message sent and each change of its read state in the audit trail', async () => {
      const entries = await t.db
        .selectFrom('audit_log')
        .select(['entity', 'action', 'userId', 'userEmail', 'changes'])
        .where('entity', 'in', ['support-message', 'contact-message'])
        .orderBy('at')
        .orderBy('id')
        .execute();
      const sent = entries.filter((entry) => entry.action === 'create');
      expect(sent.map((entry) => entry.entity)).toEqual(
        expect.arrayContaining(['support-message', 'contact-message']),
      );
      // A support message is recorded under its author; the text itself is not copied.
      const bySupport = sent.find((entry) => entry.entity === 'support-message');
      expect(bySupport?.userId).not.toBe('public');
      expect(bySupport?.changes).not.toContain('message');
      // The public form's message is recorded under the form's name.
      expect(sent.find((entry) => entry.entity === 'contact-message')?.userId).toBe('public');
      // Read, read again (no change, no entry) and unread: the two changes, by the admin.
      const marks = entries.filter((entry) => entry.action === 'update');
      expect(marks.map((entry) => [entry.entity, JSON.parse(entry.changes)])).toEqual([
        ['contact-message', { read: { before: false, after: true } }],
        ['support-message', { read: { before: false, after: true } }],
        ['contact-message', { read: { before: true, after: false } }],
      ]);
      expect(new Set(marks.map((entry) => entry.userId))).toEqual(new Set([admin.id]));
    });

    it('answers 404 for an unknown message and 400 for a bad body', async () => {
      const unknown = await mark('5d0c7c35-8c8e-4c7e-9a55-0e0a7c1e4b21', { read: true });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: supportServerMessages.notFound });
      const [first] = await inbox();
      for (const payload of [{}, { read: 'yes' }, { read: 1 }]) {
        expect((await mark(first?._id ?? '', payload)).statusCode, JSON.stringify(payload)).toBe(
          400,
        );
      }
    });

    it('is for admins only', async () => {
      for (const url of ['/api/v1/support/messages', '/api/v1/support/unread-count']) {
        expect((await request(t, { method: 'GET', url, token: clerk })).statusCode).toBe(403);
      }
      const [first] = await inbox();
      expect((await mark(first?._id ?? '', { read: true }, clerk)).statusCode).toBe(403);
    });
  });
});
