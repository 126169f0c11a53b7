import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConflict } from '../../domain/product-edit-merge.ts';
import type { ProductJson } from '../../domain/products.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { placeOrder, seedProduct, stockOf } from './catalog-fixtures.ts';

/**
 * Two tablets edit the same product from the same version while offline (decision 0025): edits
 * of different fields merge, the same field changed to different values is refused with both
 * values and nothing is written, and the refused edit resent on the server's current version
 * applies over the first deliberately.
 */
describeEachDatabase('product edit conflicts', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    employee = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  const edit = (id: string, body: Record<string, unknown>) =>
    request(t, {
      method: 'PUT',
      url: `/api/v1/hardware/products/${id}`,
      token: admin,
      payload: body,
    });

  async function productOf(id: string): Promise<ProductJson> {
    const res = await request(t, {
      method: 'GET',
      url: `/api/v1/hardware/products/${id}`,
      token: admin,
    });
    return res.json<ProductJson>();
  }

  /** What both tablets saw when they opened the product: version 1 of a seeded row. */
  const seen = {
    name: 'Seeded hammer',
    description: 'Seeded for a test',
    price: 1000,
    quantity: 10,
    barcode: null,
    reorderLevel: null,
  };
  /** The body a tablet's edit form sends from what it saw, with its own changes. */
  const from = (changes: Record<string, unknown>) => ({
    ...seen,
    ...changes,
    baseVersion: 1,
    baseQuantity: seen.quantity,
    base: seen,
  });

  describe('two edits from the same version', () => {
    it('merges a price edit and a name edit: both are applied', async () => {
      const id = await seedProduct(t, 'hardware', { name: seen.name, price: seen.price });
      expect((await edit(id, from({ price: 1500 }))).statusCode).toBe(200);
      const second = await edit(id, from({ name: 'Claw hammer' }));
      expect(second.statusCode).toBe(200);
      expect(second.json<{ product: ProductJson }>().product).toMatchObject({
        name: 'Claw hammer',
        price: 1500,
        quantity: 10,
        version: 3,
      });
    });

    it('refuses the second of two different prices with both values, writes nothing, and applies it when resent on the current version', async () => {
      const id = await seedProduct(t, 'hardware', { name: seen.name, price: seen.price });
      expect((await edit(id, from({ price: 1500 }))).statusCode).toBe(200);
      const before = await productOf(id);

      const refused = await edit(id, from({ price: 1800, description: 'Forged head' }));
      expect(refused.statusCode).toBe(409);
      const body = refused.json<{
        message: string;
        product: ProductJson;
        conflicts: FieldConflict[];
      }>();
      expect(body.message).toBe(
        'Someone else changed this product since you opened it. Choose which values to keep.',
      );
      expect(body.conflicts).toEqual([{ field: 'price', mine: 1800, theirs: 1500 }]);
      expect(body.product).toMatchObject({ _id: id, price: 1500, version: 2 });
      // The whole edit is refused: not even the description, which nobody else changed.
      expect(await productOf(id)).toEqual(before);

      // "Apply mine again": the same edit on the server's current record as its base.
      const current = { ...seen, price: body.product.price };
      const resent = await edit(id, {
        ...current,
        price: 1800,
        description: 'Forged head',
        baseVersion: body.product.version,
        baseQuantity: current.quantity,
        base: current,
      });
      expect(resent.statusCode).toBe(200);
      expect(resent.json<{ product: ProductJson }>().product).toMatchObject({
        price: 1800,
        description: 'Forged head',
        version: 3,
      });
    });

    it('accepts the same new value from both', async () => {
      const id = await seedProduct(t, 'hardware', { name: seen.name, price: seen.price });
      expect((await edit(id, from({ price: 1500 }))).statusCode).toBe(200);
      expect((await edit(id, from({ price: 1500 }))).statusCode).toBe(200);
      expect((await productOf(id)).price).toBe(1500);
    });
  });

  describe('the stock', () => {
    it('keeps the sales made meanwhile under a price edit that left the quantity alone', async () => {
      const id = await seedProduct(t, 'hardware', { name: seen.name, price: seen.price });
      expect((await placeOrder(t, employee, { productId: id, quantity: 2 })).statusCode).toBe(201);
      const res = await edit(id, from({ price: 1200 }));
      expect(res.statusCode).toBe(200);
      expect(res.json<{ product: ProductJson }>().product).toMatchObject({
        price: 1200,
        quantity: 8,
      });
    });

    it('applies a stock edit when only the version moved, and refuses one over sales as one conflict', async () => {
      const renamed = await seedProduct(t, 'hardware', { name: seen.name, price: seen.price });
      expect((await edit(renamed, from({ name: 'Other name' }))).statusCode).toBe(200);
      const counted = await edit(renamed, from({ quantity: 12 }));
      expect(counted.statusCode).toBe(200);
      expect(await stockOf(t, renamed)).toBe(12);

      const sold = await seedProduct(t, 'hardware', { name: seen.name, price: seen.price });
      expect((await placeOrder(t, employee, { productId: sold, quantity: 2 })).statusCode).toBe(
        201,
      );
      const refused = await edit(sold, from({ quantity: 15, price: 1300 }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ conflicts: FieldConflict[] }>().conflicts).toEqual([
        { field: 'quantity', mine: 15, theirs: 8 },
      ]);
      expect(await stockOf(t, sold)).toBe(8);
    });
  });

  it('keeps the older rule for a client without a base: other fields last-writer-wins', async () => {
    const id = await seedProduct(t, 'hardware', { name: seen.name, price: seen.price });
    expect((await edit(id, from({ price: 1500 }))).statusCode).toBe(200);
    const { base: _base, ...older } = from({ price: 1800 });
    expect((await edit(id, older)).statusCode).toBe(200);
    expect((await productOf(id)).price).toBe(1800);
  });
});
