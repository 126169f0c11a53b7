import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactMessages } from '../../domain/contact-messages.ts';
import type { ContactMessage } from '../../domain/contact.ts';
import { newId } from '../../server/db/database.ts';
import { contactLimits } from '../../server/modules/contact/routes.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

const valid = {
  name: 'Asha Mussa',
  contact: '0712 345 678',
  message: 'Habari, naomba bei ya mafuta ya alizeti lita 20.',
};

// Each test sends from its own client address so the per-IP limit of one does not leak into another.
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function send(t: TestApp, payload: unknown, remoteAddress = nextIp()) {
  return request(t, {
    method: 'POST',
    url: '/api/v1/contact',
    payload: payload as object,
    remoteAddress,
  });
}

describeEachDatabase('contact messages', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin' });
    employee = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  it('stores a message sent without signing in and answers 201', async () => {
    const res = await send(t, valid);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { _id: string; createdAt: string; message: string };
    expect(body.message).toBe(contactMessages.sent);
    const row = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, contactKind: 'phone', createdAt: body.createdAt });
  });

  it('accepts an e-mail address as the contact', async () => {
    const res = await send(t, { ...valid, contact: 'asha@example.co.tz' });
    expect(res.statusCode).toBe(201);
  });

  it('answers 400 with the first message and a field list for invalid input', async () => {
    const res = await send(t, { name: '', contact: 'not-a-contact', message: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: { field: string; message: string }[] };
    expect(body.message).toBe(contactMessages.nameRequired);
    expect(body.errors).toEqual([
      { field: 'name', message: contactMessages.nameRequired },
      { field: 'contact', message: contactMessages.contactInvalid },
      { field: 'message', message: contactMessages.messageRequired },
    ]);
  });

  it('answers 400 for a missing body and for fields of the wrong type', async () => {
    const missing = await request(t, {
      method: 'POST',
      url: '/api/v1/contact',
      remoteAddress: nextIp(),
    });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { message: string }).message).toBe(contactMessages.nameRequired);
    const wrongType = await send(t, { name: ['x'], contact: 712345678, message: { text: 'hi' } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('rejects a message longer than 2000 characters', async () => {
    const res = await send(t, { ...valid, message: 'a'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(contactMessages.messageTooLong);
  });

  it('answers 413 for a body over the size limit', async () => {
    const res = await send(t, { ...valid, message: 'a'.repeat(contactLimits.bodyBytes + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await request(t, {
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(415);
  });

  it('keeps markup as plain text and returns it as a JSON string', async () => {
    const markup = '<script>alert("x")</script><b>bold</b> & <img src=x onerror=alert(1)>';
    const sent = await send(t, { ...valid, name: '<i>Juma</i>', message: markup });
    expect(sent.statusCode).toBe(201);
    const { _id } = sent.json() as { _id: string };
    const list = await request(t, { method: 'GET', url: '/api/v1/contact', token: admin });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    const stored = (list.json() as ContactMessage[]).find((item) => item._id === _id);
    expect(stored?.message).toBe(markup);
    expect(stored?.name).toBe('<i>Juma</i>');
  });

  it('lists messages for admins only: 401 without a token, 403 for other roles', async () => {
    const anonymous = await request(t, { method: 'GET', url: '/api/v1/contact' });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await request(t, { method: 'GET', url: '/api/v1/contact', token: employee });
    expect(forbidden.statusCode).toBe(403);
    const allowed = await request(t, { method: 'GET', url: '/api/v1/contact', token: admin });
    expect(allowed.statusCode).toBe(200);
    expect(Array.isArray(allowed.json())).toBe(true);
  });

  it('lists the newest message first, with the public fields only', async () => {
    const rows = [
      '2030-01-01T08:00:00.000Z',
      '2030-01-03T08:00:00.000Z',
      '2030-01-02T08:00:00.000Z',
    ].map((createdAt, i) => ({
      id: newId(),
      name: `Order test ${i}`,
      contact: 'test@example.com',
      contactKind: 'email',
      message: `message ${i}`,
      createdAt,
    }));
    await t.db.insertInto('contact_messages').values(rows).execute();
    const res = await request(t, { method: 'GET', url: '/api/v1/contact?limit=3', token: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as ContactMessage[];
    expect(list.map((item) => item.createdAt)).toEqual([
      '2030-01-03T08:00:00.000Z',
      '2030-01-02T08:00:00.000Z',
      '2030-01-01T08:00:00.000Z',
    ]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['_id', 'contact', 'contactKind', 'createdAt', 'message', 'name'].sort(),
    );
  });

  it('rejects a list limit outside 1..500', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/contact?limit=0', token: admin });
    expect(res.statusCode).toBe(400);
  });
});

describeEachDatabase('contact rate limit', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(target);
  });
  afterAll(() => t.close());

  it('answers 429 after 5 messages from one address in 10 minutes, other addresses unaffected', async () => {
    const ip = '192.0.2.10';
    const statuses: number[] = [];
    for (let i = 0; i < contactLimits.perIp.max; i += 1) {
      statuses.push((await send(t, { ...valid, message: `message ${i}` }, ip)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const blocked = await send(t, valid, ip);
    expect(blocked.statusCode).toBe(429);
    expect((blocked.json() as { message: string }).message).toBe(contactMessages.rateLimited);
    const count = await t.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(contactLimits.perIp.max);

    const other = await send(t, valid, '192.0.2.11');
    expect(other.statusCode).toBe(201);
  });
});
