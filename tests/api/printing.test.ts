import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse } from '../../domain/batch.ts';
import { printingMessages, type PrintingOrderJson } from '../../domain/printing.ts';
import { maxPrice, maxQuantity } from '../../domain/products.ts';
import { authMessages } from '../../server/plugins/auth.ts';
import { idempotencyMessages } from '../../server/plugins/idempotency-key.ts';
import { cursorOverlapMs } from '../../server/modules/lists/sync-cursor.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

interface Page<T> {
  items: T[];
  deleted: string[];
  cursor: string;
  more: boolean;
}

const url = '/api/v1/printing/orders';
const job = {
  description: '200 wedding cards, gold ink',
  price: 1_500,
  quantity: 200,
  contact: '0712 345 678',
  category: 'cards',
};

describeEachDatabase('printing orders', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let printer: TestUser;
  let hardwareClerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    // An admin of another category: admins pass everywhere.
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    printer = await createUser(t, { role: 'employee', category: 'printing' });
    hardwareClerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  function create(
    user: TestUser | undefined,
    body: unknown,
    key?: string,
  ): Promise<LightMyRequestResponse> {
    return request(t, {
      method: 'POST',
      url,
      token: user,
      headers: key ? { 'idempotency-key': key } : {},
      payload: body as Record<string, unknown>,
    });
  }

  async function created(body: Record<string, unknown> = {}): Promise<PrintingOrderJson> {
    const res = await create(printer, { ...job, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PrintingOrderJson>();
  }

  const edit = (user: TestUser | undefined, id: string, body: unknown, key?: string) =>
    request(t, {
      method: 'PUT',
      url: `${url}/${id}`,
      token: user,
      headers: key ? { 'idempotency-key': key } : {},
      payload: body as Record<string, unknown>,
    });
  const remove = (user: TestUser | undefined, id: string, key?: string) =>
    request(t, {
      method: 'DELETE',
      url: `${url}/${id}`,
      token: user,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const read = (user: TestUser | undefined, path = '') =>
    request(t, { method: 'GET', url: `${url}${path}`, token: user });

  async function rowCount(): Promise<number> {
    const row = await t.db
      .selectFrom('printing_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe('create', () => {
    it('stores the job with a normalised contact, a receipt number and the server’s total', async () => {
      const res = await create(printer, { ...job, totalPrice: 1, status: 'done', userId: 'x' });
      expect(res.statusCode).toBe(201);
      const order = res.json<PrintingOrderJson>();
      expect(order).toEqual({
        _id: expect.any(String),
        receiptNumber: expect.stringMatching(/^PR-\d{6}$/),
        description: job.description,
        price: 1_500,
        quantity: 200,
        totalPrice: 300_000,
        contact: '+255712345678',
        category: 'cards',
        userId: printer.id,
        version: 1,
        createdAt: expect.any(String),
        updatedAt: order.createdAt,
      });
      expect((await read(printer, `/${order._id}`)).json()).toEqual(order);
    });

    it('keeps a client id, defaults the category to magazine and refuses a reused id', async () => {
      const id = randomUUID();
      const order = await created({ _id: id, category: undefined });
      expect(order).toMatchObject({ _id: id, category: 'magazine' });
      const again = await create(printer, { ...job, _id: id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'An order with this id already exists' });
    });

    it('numbers receipts one after another', async () => {
      const numbers = [];
      for (let index = 0; index < 3; index += 1) numbers.push((await created()).receiptNumber);
      const [first, ...rest] = numbers.map((text) => Number(text.slice(3)));
      expect(rest).toEqual([(first ?? 0) + 1, (first ?? 0) + 2]);
    });

    it('computes the largest total exactly', async () => {
      const order = await created({ price: maxPrice, quantity: maxQuantity });
      expect(order.totalPrice).toBe(maxPrice * maxQuantity);
      expect((await read(admin, `/${order._id}`)).json()).toMatchObject({
        totalPrice: maxPrice * maxQuantity,
      });
    });
  });

  describe('validation', () => {
    it.each([
      ['no description', { description: undefined }],
      ['a blank description', { description: '   ' }],
      ['no price', { price: undefined }],
      ['a zero price', { price: 0 }],
      ['a price with cents', { price: 99.5 }],
      ['a price in words', { price: 'ten' }],
      ['a hexadecimal price', { price: '0x10' }],
      ['a price too large', { price: maxPrice + 1 }],
      ['a negative quantity', { quantity: -2 }],
      ['no quantity', { quantity: null }],
      ['a quantity as an object', { quantity: { value: 2 } }],
      ['no contact', { contact: '' }],
      ['a contact as a number', { contact: 712345678 }],
      ['a description as a list', { description: ['a'] }],
    ])('answers the spec’s message for %s', async (_name, change) => {
      const res = await create(printer, { ...job, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(printingMessages.invalidFields);
    });

    it.each([
      ['a list', [job]],
      ['a string', 'print please'],
      ['null', null],
    ])('answers the spec’s message for a body that is %s', async (_name, body) => {
      const res = await request(t, {
        method: 'POST',
        url,
        token: printer,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(printingMessages.invalidFields);
    });

    it('answers 400 for an empty or malformed JSON body', async () => {
      for (const payload of ['', '{"description":']) {
        const res = await request(t, {
          method: 'POST',
          url,
          token: printer,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
      }
    });

    it('names the field the spec’s message does not explain', async () => {
      const category = await create(printer, { ...job, category: 'posters' });
      expect(category.statusCode).toBe(400);
      expect(category.json()).toMatchObject({ message: printingMessages.invalidCategory });
      const id = await create(printer, { ...job, _id: 'not-a-uuid' });
      expect(id.json()).toMatchObject({ message: printingMessages.invalidId });
      const long = await create(printer, { ...job, description: 'x'.repeat(2001) });
      expect(long.json()).toMatchObject({ message: printingMessages.descriptionTooLong });
    });

    it('refuses a NUL character with a 400, not a database error', async () => {
      const before = await rowCount();
      const res = await create(printer, { ...job, description: 'cards\u0000' });
      expect(res.statusCode).toBe(400);
      expect(await rowCount()).toBe(before);
    });

    it.each([
      ['+255712345678', '+255712345678'],
      ['0712345678', '+255712345678'],
      ['+255 712 345 678', '+255712345678'],
      ['0754-123-456', '+255754123456'],
      [' 0689 12 34 56 ', '+255689123456'],
    ])('accepts the phone number %j as %s', async (contact, stored) => {
      expect((await created({ contact })).contact).toBe(stored);
    });

    it.each(['712345678', '255712345678', '+2550712345678', '071234567', '+254712345678', 'abc'])(
      'refuses the phone number %j',
      async (contact) => {
        const res = await create(printer, { ...job, contact });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: printingMessages.invalidContact });
      },
    );
  });

  describe('access', () => {
    it('lets printing users and admins list, read and create; 403 for others, 401 without a session', async () => {
      const order = await created();
      const cases: [TestUser | undefined, number, number][] = [
        [printer, 200, 201],
        [admin, 200, 201],
        [hardwareClerk, 403, 403],
        [undefined, 401, 401],
      ];
      for (const [user, readStatus, createStatus] of cases) {
        const who = user?.email ?? 'anonymous';
        expect((await read(user)).statusCode, who).toBe(readStatus);
        expect((await read(user, '?updatedSince=0')).statusCode, who).toBe(readStatus);
        const byId = await read(user, `/${order._id}`);
        expect(byId.statusCode, who).toBe(readStatus);
        if (readStatus === 403) expect(byId.json()).toEqual({ message: authMessages.accessDenied });
        expect((await create(user, job)).statusCode, who).toBe(createStatus);
      }
    });

    it('lets only admins edit and delete', async () => {
      const order = await created();
      for (const [user, status] of [
        [printer, 403],
        [hardwareClerk, 403],
        [undefined, 401],
      ] as const) {
        expect((await edit(user, order._id, job)).statusCode).toBe(status);
        expect((await remove(user, order._id)).statusCode).toBe(status);
      }
      expect((await read(printer, `/${order._id}`)).json()).toEqual(order);
      expect((await edit(admin, order._id, job)).statusCode).toBe(200);
      expect((await remove(admin, order._id)).statusCode).toBe(200);
    });
  });

  describe('edit and delete', () => {
    it('replaces the order, recomputes the total and keeps what the spec’s edit does not send', async () => {
      const order = await created({ category: 'banners', price: 2_000, quantity: 5 });
      // The spec's client sends description, quantity, totalPrice, contact and category.
      const res = await edit(admin, order._id, {
        description: 'Two banners',
        quantity: 2,
        totalPrice: 1,
        contact: '+255 754 000 111',
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        ...order,
        description: 'Two banners',
        quantity: 2,
        totalPrice: 4_000,
        contact: '+255754000111',
        version: 2,
        updatedAt: expect.any(String),
      };
      expect(res.json()).toEqual({ message: 'Order updated successfully', order: expected });
      const repriced = await edit(admin, order._id, {
        ...job,
        price: 700,
        quantity: 3,
        category: 'cups',
      });
      expect(repriced.json()).toMatchObject({
        order: { price: 700, quantity: 3, totalPrice: 2_100, category: 'cups', version: 3 },
      });
      expect(order.receiptNumber).toBe(
        (await read(printer, `/${order._id}`)).json<PrintingOrderJson>().receiptNumber,
      );
    });

    it('validates an edit like a new order', async () => {
      const order = await created();
      const res = await edit(admin, order._id, { ...job, quantity: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: printingMessages.invalidFields });
    });

    it('soft-deletes: gone from reads and the list, 404 on a second delete or edit', async () => {
      const order = await created();
      const res = await remove(admin, order._id);
      expect(res.json()).toEqual({ message: 'Order deleted successfully' });
      expect((await read(printer, `/${order._id}`)).statusCode).toBe(404);
      expect(
        (await read(printer)).json<PrintingOrderJson[]>().map((item) => item._id),
      ).not.toContain(order._id);
      for (const again of [await remove(admin, order._id), await edit(admin, order._id, job)]) {
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ message: printingMessages.notFound });
      }
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'nope', '1%20or%201=1']) {
        const res = await read(admin, `/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: printingMessages.notFound });
        expect((await remove(admin, id)).statusCode, id).toBe(404);
      }
    });
  });

  describe('idempotency', () => {
    it('replays the same order for the same key and stores one row', async () => {
      const key = randomUUID();
      const before = await rowCount();
      const first = await create(printer, job, key);
      const second = await create(printer, job, key);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await rowCount()).toBe(before + 1);
    });

    it('answers 422 for the same key with another body, and stores nothing more', async () => {
      const key = randomUUID();
      expect((await create(printer, job, key)).statusCode).toBe(201);
      const before = await rowCount();
      const other = await create(printer, { ...job, quantity: 3 }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: idempotencyMessages.mismatch });
      expect(await rowCount()).toBe(before);
    });

    it('replays an edit and a delete instead of applying them twice', async () => {
      const order = await created();
      const editKey = randomUUID();
      const edited = await edit(admin, order._id, { ...job, quantity: 4 }, editKey);
      const replayed = await edit(admin, order._id, { ...job, quantity: 4 }, editKey);
      expect(replayed.json()).toEqual(edited.json());
      expect((await read(admin, `/${order._id}`)).json()).toMatchObject({ version: 2 });
      const deleteKey = randomUUID();
      expect((await remove(admin, order._id, deleteKey)).statusCode).toBe(200);
      const again = await remove(admin, order._id, deleteKey);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('creates through POST /batch with the sub-request’s key, once', async () => {
      const key = randomUUID();
      const sub = { id: '1', method: 'POST', url: '/printing/orders', body: job };
      const send = () =>
        request(t, {
          method: 'POST',
          url: '/api/v1/batch',
          token: printer,
          payload: { requests: [{ ...sub, headers: { 'idempotency-key': key } }] },
        });
      const first = (await send()).json<BatchResponse>().responses[0];
      const second = (await send()).json<BatchResponse>().responses[0];
      expect(first?.status).toBe(201);
      expect(second?.body).toEqual(first?.body);
    });
  });

  describe('pull', () => {
    it('returns changed jobs and tombstones since a cursor, and 304 when nothing changed', async () => {
      const pull = (cursor: string, etag?: string) =>
        request(t, {
          method: 'GET',
          url: `${url}?updatedSince=${encodeURIComponent(cursor)}`,
          token: printer,
          headers: etag ? { 'if-none-match': etag } : {},
        });
      const all = await pull('0');
      expect(all.statusCode).toBe(200);
      const plain = (await read(printer)).json<PrintingOrderJson[]>();
      expect(
        all
          .json<Page<PrintingOrderJson>>()
          .items.map((item) => item._id)
          .sort(),
      ).toEqual(plain.map((item) => item._id).sort());
      // Rows stamped before the cursor are not repeated (backdate them past the overlap window).
      const old = new Date(Date.now() - 10 * cursorOverlapMs).toISOString();
      await t.db.updateTable('printing_orders').set({ updatedAt: old }).execute();
      const quiet = await pull(all.json<Page<PrintingOrderJson>>().cursor);
      const quietPage = quiet.json<Page<PrintingOrderJson>>();
      expect(quietPage).toMatchObject({ items: [], deleted: [], more: false });
      const etag = String(quiet.headers.etag);
      expect((await pull(quietPage.cursor, etag)).statusCode).toBe(304);

      const kept = await created();
      const gone = await created();
      await remove(admin, gone._id);
      const changes = await pull(quietPage.cursor, etag);
      expect(changes.statusCode).toBe(200);
      const page = changes.json<Page<PrintingOrderJson>>();
      expect(page.items.map((item) => item._id)).toEqual([kept._id]);
      expect(page.deleted).toEqual([gone._id]);
    });

    it('walks the list in pages with limit, each job once', async () => {
      for (let index = 0; index < 5; index += 1) await created();
      const seen: string[] = [];
      let cursor = '0';
      for (let pages = 0; pages < 100; pages += 1) {
        const res = await read(printer, `?updatedSince=${encodeURIComponent(cursor)}&limit=2`);
        expect(res.statusCode).toBe(200);
        const page = res.json<Page<PrintingOrderJson>>();
        expect(page.items.length + page.deleted.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item._id), ...page.deleted);
        cursor = page.cursor;
        if (!page.more) break;
      }
      expect(seen).toHaveLength(await rowCount());
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('serves the plain list newest first with an ETag that moves with every change', async () => {
      const first = await read(printer);
      const etag = String(first.headers.etag);
      expect(
        (
          await request(t, {
            method: 'GET',
            url,
            token: printer,
            headers: { 'if-none-match': etag },
          })
        ).statusCode,
      ).toBe(304);
      const order = await created();
      const next = await read(printer);
      expect(next.headers.etag).not.toBe(etag);
      expect(next.json<PrintingOrderJson[]>()[0]?._id).toBe(order._id);
    });

    it('answers 400 for an unreadable cursor or limit', async () => {
      expect((await read(printer, '?updatedSince=yesterday')).statusCode).toBe(400);
      expect((await read(printer, '?updatedSince=0&limit=0')).statusCode).toBe(400);
      expect((await read(printer, '?limit=5')).statusCode).toBe(400);
    });
  });
});
