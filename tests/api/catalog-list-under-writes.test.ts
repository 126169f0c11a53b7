import type { LightMyRequestResponse } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDepartmentId } from '../../domain/departments.ts';
import type { ProductJson } from '../../domain/products.ts';
import { newId, nowIso } from '../../server/db/database.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { placeOrder, seedProduct } from './catalog-fixtures.ts';

/**
 * The products' plain GET is patched, not rebuilt, when stock changes (decision 0034). These
 * tests fail if an order (or any write) could leave a client with the stock of before: on the
 * plain GET, on a conditional GET with an old ETag, and on the incremental pull.
 */
interface Page {
  items: ProductJson[];
  deleted: string[];
  cursor: string;
  more: boolean;
}

function bodyOf(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  return (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

describeEachDatabase('product list under writes', (target) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
  });
  afterAll(() => t.close());

  const plainGet = (department: ProductDepartmentId, headers: Record<string, string> = {}) =>
    request(t, {
      method: 'GET',
      url: `/api/v1/${department}/products`,
      token: admin,
      headers: { 'accept-encoding': 'gzip', ...headers },
    });
  const quantityIn = (list: ProductJson[], id: string) =>
    list.find((product) => product._id === id)?.quantity;

  it('shows an order’s stock on the next plain GET, gzipped or not', async () => {
    const id = await seedProduct(t, 'stationery', { quantity: 10 });
    await seedProduct(t, 'stationery', { quantity: 4 });
    expect(quantityIn(JSON.parse(bodyOf(await plainGet('stationery'))), id)).toBe(10);

    expect(
      (await placeOrder(t, admin, { productId: id, quantity: 3 }, { department: 'stationery' }))
        .statusCode,
    ).toBe(201);
    const gzipped = await plainGet('stationery');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(quantityIn(JSON.parse(bodyOf(gzipped)), id)).toBe(7);
    const plain = await plainGet('stationery', { 'accept-encoding': 'identity' });
    expect(bodyOf(plain)).toBe(bodyOf(gzipped));
  });

  it('answers a conditional GET with an ETag from before an order with the new stock', async () => {
    const id = await seedProduct(t, 'animal-feeding', { quantity: 8 });
    const before = await plainGet('animal-feeding');
    const oldTag = String(before.headers.etag);
    expect((await plainGet('animal-feeding', { 'if-none-match': oldTag })).statusCode).toBe(304);

    await placeOrder(t, admin, { productId: id, quantity: 5 }, { department: 'animal-feeding' });
    const after = await plainGet('animal-feeding', { 'if-none-match': oldTag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(oldTag);
    expect(quantityIn(JSON.parse(bodyOf(after)), id)).toBe(3);
    const again = await plainGet('animal-feeding', { 'if-none-match': String(after.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('hands an incremental pull after an order the product with its new stock', async () => {
    const id = await seedProduct(t, 'hardware', { quantity: 6 });
    const pull = (cursor: string, etag?: string) =>
      request(t, {
        method: 'GET',
        url: `/api/v1/hardware/products?updatedSince=${encodeURIComponent(cursor)}&limit=1000`,
        token: admin,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const first = await pull('0');
    const { cursor } = first.json<Page>();
    const etag = String(first.headers.etag);
    expect((await pull(cursor, etag)).statusCode).toBe(304);
    // The plain GET's cache is built and then patched between the pulls: neither path may hide it.
    await plainGet('hardware');
    await placeOrder(t, admin, { productId: id, quantity: 2 });
    await plainGet('hardware');
    const next = await pull(cursor, etag);
    expect(next.statusCode).toBe(200);
    expect(quantityIn(next.json<Page>().items, id)).toBe(4);
  });

  describe('a list of several cached segments', () => {
    const department = 'fresh-oil';
    const ids: string[] = [];

    beforeAll(async () => {
      // 1,200 products with one createdAt (as a seed or a bulk upload makes them): three segments.
      const now = nowIso();
      for (let start = 0; start < 1_200; start += 200) {
        const rows = Array.from({ length: 200 }, (_, index) => {
          const id = newId();
          ids.push(id);
          return {
            id,
            department,
            name: `Oil ${start + index}`,
            description: 'Seeded for a test',
            price: 1000,
            quantity: 50,
            imageId: null,
            location: null,
            condition: null,
            nutrients: null,
            version: 1,
            deletedAt: null,
            createdAt: now,
            updatedAt: now,
          };
        });
        await t.db.insertInto('products').values(rows).execute();
      }
    });

    /** The plain GET equals the rows a fresh incremental pull reads, in the list's order. */
    async function expectPlainGetCurrent(): Promise<ProductJson[]> {
      const plain = JSON.parse(bodyOf(await plainGet(department))) as ProductJson[];
      const pulled = (
        await request(t, {
          method: 'GET',
          url: `/api/v1/${department}/products?updatedSince=0`,
          token: admin,
        })
      ).json<Page>().items;
      const byId = new Map(pulled.map((product) => [product._id, product]));
      expect(plain.map((product) => product._id).sort()).toEqual([...byId.keys()].sort());
      expect(plain).toEqual(plain.map((product) => byId.get(product._id)));
      return plain;
    }

    it('stays equal to the database through orders, deletes, edits and new products', async () => {
      await expectPlainGetCurrent();
      for (const id of [ids[0], ids[600], ids[1_199]]) {
        await placeOrder(t, admin, { productId: id, quantity: 7 }, { department });
        const list = await expectPlainGetCurrent();
        expect(quantityIn(list, id ?? '')).toBe(43);
      }
      const removed = await request(t, {
        method: 'DELETE',
        url: `/api/v1/${department}/products/${ids[5] ?? ''}`,
        token: admin,
      });
      expect(removed.statusCode).toBe(200);
      expect(quantityIn(await expectPlainGetCurrent(), ids[5] ?? '')).toBeUndefined();
      await t.db
        .updateTable('products')
        .set({ price: 1500, updatedAt: nowIso() })
        .where('id', '=', ids[900] ?? '')
        .execute();
      await expectPlainGetCurrent();
      const added = await seedProduct(t, department, { quantity: 2 });
      expect(quantityIn(await expectPlainGetCurrent(), added)).toBe(2);
    });

    it('ends equal to the database when orders and reads of the list interleave', async () => {
      await expectPlainGetCurrent();
      const targets = ids.slice(700, 1_100).filter((_, index) => index % 20 === 0);
      const orders = targets.map((productId) =>
        placeOrder(t, admin, { productId, quantity: 1 }, { department }),
      );
      const reads = targets.map(() => plainGet(department));
      const answers = await Promise.all([...orders, ...reads]);
      expect(answers.slice(0, targets.length).map((res) => res.statusCode)).toEqual(
        targets.map(() => 201),
      );
      // Every read during the orders was a whole, valid list.
      for (const res of answers.slice(targets.length)) {
        expect(JSON.parse(bodyOf(res))).toHaveLength(
          (JSON.parse(bodyOf(answers.at(-1) ?? res)) as unknown[]).length,
        );
      }
      const list = await expectPlainGetCurrent();
      for (const id of targets) expect(quantityIn(list, id)).toBe(49);
    });

    it('stays valid JSON when the first products of the order are all deleted', async () => {
      const first = await expectPlainGetCurrent();
      const leading = first.slice(0, 600).map((product) => product._id);
      await t.db
        .updateTable('products')
        .set({ deletedAt: nowIso(), updatedAt: nowIso() })
        .where('id', 'in', leading)
        .execute();
      const after = await expectPlainGetCurrent();
      expect(after).toHaveLength(first.length - 600);
    });
  });
});
