import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BatchResponse } from '../../domain/batch.ts';
import { productDepartmentIds } from '../../domain/departments.ts';
import { nowIso } from '../../server/db/database.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * A batch sub-request answers exactly as the same request sent alone (issue 22 item 4): the batch
 * calls each write route's handler directly instead of replaying HTTP, so this proves the two
 * doors equal. Generated from the route table: every batchable route (app.writeRoutes) needs
 * cases below, valid and invalid, or the first test fails.
 *
 * Two apps on two fresh databases of the same kind, seeded alike, receive the same requests in the
 * same order: one alone, one as a batch of one. Their answers must have the same status and body,
 * once server-made ids and times are named by order of appearance (they are new on each side).
 * Every valid request is then repeated with its key, both ways: the replays must match too.
 */
interface Case {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  caller: 'admin' | 'clerk';
}

const ids = {
  product: (department: string) =>
    `00000000-0000-4000-8000-${department.length.toString().padStart(2, '0')}${department.charCodeAt(0).toString(16)}0000000`.slice(
      0,
      36,
    ),
  order: (department: string) =>
    `11111111-0000-4000-8000-${department.length.toString().padStart(2, '0')}${department.charCodeAt(0).toString(16)}0000000`.slice(
      0,
      36,
    ),
  newProduct: (department: string) =>
    `22222222-0000-4000-8000-${department.length.toString().padStart(2, '0')}${department.charCodeAt(0).toString(16)}0000000`.slice(
      0,
      36,
    ),
  sale: (department: string) =>
    `66666666-0000-4000-8000-${department.length.toString().padStart(2, '0')}${department.charCodeAt(0).toString(16)}0000000`.slice(
      0,
      36,
    ),
  saleLine: (department: string) =>
    `77777777-0000-4000-8000-${department.length.toString().padStart(2, '0')}${department.charCodeAt(0).toString(16)}0000000`.slice(
      0,
      36,
    ),
  printingOrder: '33333333-0000-4000-8000-000000000001',
  count: '44444444-0000-4000-8000-000000000001',
  movement: '55555555-0000-4000-8000-000000000001',
  missing: '99999999-0000-4000-8000-000000000009',
  supplier: 'aaaaaaaa-0000-4000-8000-000000000001',
  delivery: 'bbbbbbbb-0000-4000-8000-000000000001',
  deliveredProduct: 'cccccccc-0000-4000-8000-000000000001',
};

const productBody = (id?: string) => ({
  name: 'Parity item',
  description: 'Made by the parity test',
  price: 1500,
  quantity: 40,
  location: 'Shelf A',
  nutrients: 'Protein 18%',
  ...(id ? { _id: id } : {}),
});

/** Cases per route pattern ({dept} is each product department). */
const fixtures: Record<string, (department: string) => Case[]> = {
  'POST /{dept}/orders': (d) => [
    {
      name: 'valid',
      method: 'POST',
      url: `/${d}/orders`,
      caller: 'clerk',
      body: { productId: ids.product(d), quantity: 2, _id: ids.order(d) },
    },
    {
      name: 'zero quantity',
      method: 'POST',
      url: `/${d}/orders`,
      caller: 'clerk',
      body: { productId: ids.product(d), quantity: 0 },
    },
    {
      name: 'more than the stock',
      method: 'POST',
      url: `/${d}/orders`,
      caller: 'clerk',
      body: { productId: ids.product(d), quantity: 100_000 },
    },
    {
      name: 'unknown product',
      method: 'POST',
      url: `/${d}/orders`,
      caller: 'clerk',
      body: { productId: ids.missing, quantity: 1 },
    },
    { name: 'no body', method: 'POST', url: `/${d}/orders`, caller: 'clerk' },
  ],
  'POST /{dept}/sales': (d) => [
    {
      name: 'valid',
      method: 'POST',
      url: `/${d}/sales`,
      caller: 'clerk',
      body: {
        _id: ids.sale(d),
        lines: [{ _id: ids.saleLine(d), productId: ids.product(d), quantity: 1 }],
      },
    },
    {
      name: 'more than the stock',
      method: 'POST',
      url: `/${d}/sales`,
      caller: 'clerk',
      body: {
        _id: ids.missing,
        lines: [{ _id: ids.missing, productId: ids.product(d), quantity: 100_000 }],
      },
    },
    {
      name: 'no lines',
      method: 'POST',
      url: `/${d}/sales`,
      caller: 'clerk',
      body: { _id: ids.sale(d), lines: [] },
    },
  ],
  'PUT /{dept}/orders/:id': (d) => [
    {
      name: 'valid',
      method: 'PUT',
      url: `/${d}/orders/${ids.order(d)}`,
      caller: 'admin',
      body: { quantity: 3 },
    },
    {
      name: 'bad quantity',
      method: 'PUT',
      url: `/${d}/orders/${ids.order(d)}`,
      caller: 'admin',
      body: { quantity: '0x10' },
    },
    {
      name: 'unknown order',
      method: 'PUT',
      url: `/${d}/orders/${ids.missing}`,
      caller: 'admin',
      body: { quantity: 1 },
    },
    {
      name: 'not an admin',
      method: 'PUT',
      url: `/${d}/orders/${ids.order(d)}`,
      caller: 'clerk',
      body: { quantity: 1 },
    },
  ],
  'DELETE /{dept}/orders/:id': (d) => [
    { name: 'valid', method: 'DELETE', url: `/${d}/orders/${ids.order(d)}`, caller: 'admin' },
    {
      name: 'unknown order',
      method: 'DELETE',
      url: `/${d}/orders/${ids.missing}`,
      caller: 'admin',
    },
  ],
  'POST /{dept}/products': (d) => [
    {
      name: 'valid (JSON)',
      method: 'POST',
      url: `/${d}/products`,
      caller: 'admin',
      body: productBody(ids.newProduct(d)),
    },
    {
      name: 'missing fields',
      method: 'POST',
      url: `/${d}/products`,
      caller: 'admin',
      body: { name: '' },
    },
    {
      name: 'not an admin',
      method: 'POST',
      url: `/${d}/products`,
      caller: 'clerk',
      body: productBody(),
    },
  ],
  'PUT /{dept}/products/:id': (d) => [
    {
      name: 'valid',
      method: 'PUT',
      url: `/${d}/products/${ids.product(d)}`,
      caller: 'admin',
      body: { ...productBody(), baseVersion: 1 },
    },
    {
      name: 'negative price',
      method: 'PUT',
      url: `/${d}/products/${ids.product(d)}`,
      caller: 'admin',
      body: { ...productBody(), price: -1 },
    },
    {
      name: 'unknown product',
      method: 'PUT',
      url: `/${d}/products/${ids.missing}`,
      caller: 'admin',
      body: productBody(),
    },
  ],
  'DELETE /{dept}/products/:id': (d) => [
    {
      name: 'valid',
      method: 'DELETE',
      url: `/${d}/products/${ids.newProduct(d)}`,
      caller: 'admin',
    },
    {
      name: 'unknown product',
      method: 'DELETE',
      url: `/${d}/products/${ids.missing}`,
      caller: 'admin',
    },
  ],
  'POST /printing/orders': () => [
    {
      name: 'valid',
      method: 'POST',
      url: '/printing/orders',
      caller: 'admin',
      body: {
        description: 'Flyers',
        price: 200,
        quantity: 50,
        contact: '0712345678',
        _id: ids.printingOrder,
      },
    },
    {
      name: 'invalid',
      method: 'POST',
      url: '/printing/orders',
      caller: 'admin',
      body: { description: '', price: 0 },
    },
  ],
  'PUT /printing/orders/:id': () => [
    {
      name: 'valid',
      method: 'PUT',
      url: `/printing/orders/${ids.printingOrder}`,
      caller: 'admin',
      body: { description: 'Posters', quantity: 10, contact: '0712345678' },
    },
    {
      name: 'not a uuid',
      method: 'PUT',
      url: '/printing/orders/not-an-id',
      caller: 'admin',
      body: { description: 'x', quantity: 1, contact: '0712345678' },
    },
  ],
  'DELETE /printing/orders/:id': () => [
    {
      name: 'valid',
      method: 'DELETE',
      url: `/printing/orders/${ids.printingOrder}`,
      caller: 'admin',
    },
    { name: 'unknown', method: 'DELETE', url: `/printing/orders/${ids.missing}`, caller: 'admin' },
  ],
  'POST /{dept}/inventory-movement': () => [
    {
      name: 'valid',
      method: 'POST',
      url: '/godown/inventory-movement',
      caller: 'admin',
      body: {
        productId: ids.product('godown'),
        transferQuantity: 4,
        origin: 'Shelf A',
        destination: 'Shelf B',
        reason: 'Parity',
        _id: ids.movement,
      },
    },
    {
      name: 'same place',
      method: 'POST',
      url: '/godown/inventory-movement',
      caller: 'admin',
      body: {
        productId: ids.product('godown'),
        transferQuantity: 1,
        origin: 'Shelf A',
        destination: 'Shelf A',
      },
    },
    {
      name: 'too many',
      method: 'POST',
      url: '/godown/inventory-movement',
      caller: 'admin',
      body: {
        productId: ids.product('godown'),
        transferQuantity: 100_000,
        origin: 'Shelf A',
        destination: 'Shelf C',
      },
    },
  ],
  'POST /{dept}/stock-counts': () => [
    {
      name: 'valid',
      method: 'POST',
      url: '/godown/stock-counts',
      caller: 'admin',
      body: { location: 'Shelf A', _id: ids.count },
    },
    { name: 'no location', method: 'POST', url: '/godown/stock-counts', caller: 'admin', body: {} },
  ],
  'POST /{dept}/suppliers': (d) => [
    {
      name: 'valid',
      method: 'POST',
      url: `/${d}/suppliers`,
      caller: 'clerk',
      body: { _id: ids.supplier, name: 'Parity Mills', phone: '0712 000 000' },
    },
    {
      name: 'same name in another case',
      method: 'POST',
      url: `/${d}/suppliers`,
      caller: 'clerk',
      body: { name: 'PARITY mills' },
    },
    { name: 'no name', method: 'POST', url: `/${d}/suppliers`, caller: 'clerk', body: {} },
  ],
  'PUT /{dept}/suppliers/:id': (d) => [
    {
      name: 'valid',
      method: 'PUT',
      url: `/${d}/suppliers/${ids.supplier}`,
      caller: 'clerk',
      body: { name: 'Parity Mills Ltd', notes: 'Mondays' },
    },
    {
      name: 'unknown supplier',
      method: 'PUT',
      url: `/${d}/suppliers/${ids.missing}`,
      caller: 'clerk',
      body: { name: 'Nobody' },
    },
  ],
  'POST /{dept}/deliveries': (d) => [
    {
      name: 'valid',
      method: 'POST',
      url: `/${d}/deliveries`,
      caller: 'clerk',
      body: {
        _id: ids.delivery,
        supplierId: ids.supplier,
        noteNumber: 'DN-1',
        receivedOn: '2026-01-05',
        lines: [
          { productId: ids.product(d), quantity: 5, location: 'Shelf A' },
          { newProduct: { ...productBody(ids.deliveredProduct), location: 'Shelf Z' } },
        ],
      },
    },
    {
      name: 'the same note again',
      method: 'POST',
      url: `/${d}/deliveries`,
      caller: 'clerk',
      body: {
        _id: ids.missing,
        supplierId: ids.supplier,
        noteNumber: 'dn-1',
        receivedOn: '2026-01-05',
        lines: [{ productId: ids.product(d), quantity: 1, location: 'Shelf A' }],
      },
    },
    {
      name: 'a line at the wrong location',
      method: 'POST',
      url: `/${d}/deliveries`,
      caller: 'clerk',
      body: {
        _id: ids.missing,
        supplierId: ids.supplier,
        noteNumber: 'DN-2',
        receivedOn: '2026-01-05',
        lines: [{ productId: ids.product(d), quantity: 1, location: 'Shelf B' }],
      },
    },
    {
      name: 'no lines',
      method: 'POST',
      url: `/${d}/deliveries`,
      caller: 'clerk',
      body: { _id: ids.delivery, supplierId: ids.supplier, noteNumber: 'DN-3', lines: [] },
    },
  ],
  'POST /{dept}/stock-counts/:id/submit': () => [
    {
      name: 'valid',
      method: 'POST',
      url: `/godown/stock-counts/${ids.count}/submit`,
      caller: 'admin',
      body: {
        lines: [
          {
            productId: ids.product('godown'),
            counted: 30,
            countedAt: new Date(Date.now() + 1000).toISOString(),
          },
        ],
      },
    },
    {
      name: 'unknown count',
      method: 'POST',
      url: `/godown/stock-counts/${ids.missing}/submit`,
      caller: 'admin',
      body: { lines: [] },
    },
    {
      name: 'bad lines',
      method: 'POST',
      url: `/godown/stock-counts/${ids.count}/submit`,
      caller: 'admin',
      body: { lines: 'all' },
    },
  ],
};

function patternOf(url: string): string {
  const path = url.slice('/api/v1'.length);
  const first = path.split('/')[1] ?? '';
  return (productDepartmentIds as readonly string[]).includes(first)
    ? path.replace(`/${first}`, '/{dept}')
    : path;
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const isoTime = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;

/** The answer with server-made ids named by first appearance and times blanked. */
function comparable(answer: { status: number; body: unknown }, fixedIds: Set<string>) {
  const names = new Map<string, string>();
  const text = JSON.stringify(answer.body ?? null)
    .replace(uuid, (id) => {
      if (fixedIds.has(id)) return id;
      if (!names.has(id)) names.set(id, `<id ${names.size + 1}>`);
      return names.get(id) ?? id;
    })
    .replace(isoTime, '<time>');
  return { status: answer.status, body: JSON.parse(text) as unknown };
}

describeEachDatabase('a batch sub-request answers as the same request alone', (target) => {
  const apps: { t: TestApp; admin: TestUser; clerks: Map<string, TestUser> }[] = [];

  async function seeded(): Promise<(typeof apps)[number]> {
    const t = await buildTestApp(target);
    const admin = await createUser(t, {
      role: 'admin',
      category: 'hardware',
      email: 'parity-admin@example.com',
    });
    const clerks = new Map<string, TestUser>();
    for (const department of [...productDepartmentIds, 'printing'] as const) {
      clerks.set(
        department,
        await createUser(t, {
          role: 'employee',
          category: department,
          email: `parity-${department}@example.com`,
        }),
      );
    }
    const now = nowIso();
    for (const department of productDepartmentIds) {
      await t.db
        .insertInto('products')
        .values({
          id: ids.product(department),
          department,
          name: `Parity stock ${department}`,
          description: 'Seeded alike on both sides',
          price: 1000,
          quantity: 100,
          imageId: null,
          location: department === 'godown' ? 'Shelf A' : null,
          condition: null,
          nutrients: null,
          version: 1,
          deletedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    return { t, admin, clerks };
  }

  beforeAll(async () => {
    apps.push(await seeded(), await seeded());
  });
  afterAll(async () => {
    for (const { t } of apps) await t.close();
  });

  const cases = (): Case[] => {
    const [{ t } = { t: undefined }] = apps;
    if (!t) return [];
    return t.app.writeRoutes.flatMap((entry) => {
      const pattern = `${entry.method} ${patternOf(entry.url)}`;
      const department = entry.url.slice('/api/v1/'.length).split('/')[0] ?? '';
      return (fixtures[pattern]?.(department) ?? []).map((c) => ({
        ...c,
        name: `${pattern} (${department}): ${c.name}`,
      }));
    });
  };

  it('has valid and invalid cases for every batchable route', () => {
    const [{ t } = { t: undefined }] = apps;
    const patterns = new Set(
      t?.app.writeRoutes.map((entry) => `${entry.method} ${patternOf(entry.url)}`),
    );
    expect(patterns.size).toBeGreaterThanOrEqual(12);
    expect([...patterns].filter((pattern) => fixtures[pattern] === undefined)).toEqual([]);
  });

  it('answers every case the same way alone and in a batch, and replays them the same way', async () => {
    const [alone, batched] = apps;
    if (!alone || !batched) throw new Error('apps not built');
    const fixedIds = new Set<string>([
      ...productDepartmentIds.flatMap((d) => [
        ids.product(d),
        ids.order(d),
        ids.newProduct(d),
        ids.sale(d),
        ids.saleLine(d),
      ]),
      ids.printingOrder,
      ids.count,
      ids.movement,
      ids.missing,
      ids.supplier,
      ids.delivery,
      ids.deliveredProduct,
    ]);
    const all = cases();
    expect(all.length).toBeGreaterThan(60);
    // Sort the writes as a tablet would make them: creations before the edits and deletions of
    // what they created (the route table lists routes in registration order).
    const order = (c: Case) => (c.method === 'POST' ? 0 : c.method === 'PUT' ? 1 : 2);
    const sequence = [...all].sort((a, b) => order(a) - order(b));
    const keys = sequence.map(() => randomUUID());
    const callerOf = (side: typeof alone, c: Case) => {
      const department = c.url.split('/')[1] ?? '';
      return c.caller === 'admin' ? side.admin : (side.clerks.get(department) ?? side.admin);
    };
    const sendAlone = async (c: Case, key: string) => {
      const res = await request(alone.t, {
        method: c.method,
        url: `/api/v1${c.url}`,
        token: callerOf(alone, c),
        headers: { 'idempotency-key': key },
        ...(c.body === undefined ? {} : { payload: c.body as object }),
      });
      return {
        status: res.statusCode,
        body: res.body === '' ? undefined : (res.json() as unknown),
      };
    };
    const sendBatched = async (c: Case, key: string) => {
      const res = await request(batched.t, {
        method: 'POST',
        url: '/api/v1/batch',
        token: callerOf(batched, c),
        payload: {
          requests: [
            {
              id: 'x',
              method: c.method,
              url: c.url,
              headers: { 'idempotency-key': key },
              ...(c.body === undefined ? {} : { body: c.body }),
            },
          ],
        },
      });
      expect(res.statusCode, c.name).toBe(200);
      const [answer] = (res.json() as BatchResponse).responses;
      return { status: answer?.status ?? 0, body: answer?.body };
    };
    const differences: string[] = [];
    const compare = (
      c: Case,
      a: { status: number; body: unknown },
      b: { status: number; body: unknown },
      round: string,
    ) => {
      const left = comparable(a, fixedIds);
      const right = comparable(b, fixedIds);
      if (JSON.stringify(left) !== JSON.stringify(right)) {
        differences.push(
          `${round} ${c.name}: alone ${JSON.stringify(left)} / batch ${JSON.stringify(right)}`,
        );
      }
    };
    const statuses = new Set<number>();
    for (const [index, c] of sequence.entries()) {
      const key = keys[index] ?? randomUUID();
      const a = await sendAlone(c, key);
      compare(c, a, await sendBatched(c, key), 'first');
      statuses.add(a.status);
    }
    for (const [index, c] of sequence.entries()) {
      const key = keys[index] ?? randomUUID();
      compare(c, await sendAlone(c, key), await sendBatched(c, key), 'repeat');
    }
    expect(differences).toEqual([]);
    // The cases reach successes and each kind of refusal, not only one outcome.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 201, 400, 403, 404, 409]));
  });
});
