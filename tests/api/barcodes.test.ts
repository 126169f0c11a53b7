import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDepartmentId } from '../../domain/departments.ts';
import { inventoryMessages } from '../../domain/inventory-fields.ts';
import type { ProductJson } from '../../domain/products.ts';
import { multipart, pngBytes } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Barcodes and reorder levels of products (issue 15; domain/inventory-fields.ts, migration 0011):
 * a barcode is unique among the live products of one department, found by a scan's lookup, and
 * both fields follow the three states of a write (absent keeps, null clears, a value sets).
 */
let counter = 0;

describeEachDatabase('barcodes and reorder levels', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let godownClerk: TestUser;
  let hardwareClerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    godownClerk = await createUser(t, { role: 'employee', category: 'godown' });
    hardwareClerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  function createGodown(fields: Record<string, unknown>) {
    counter += 1;
    return request(t, {
      method: 'POST',
      url: '/api/v1/godown/products',
      token: admin,
      payload: {
        name: `Cement ${counter}`,
        description: 'Bags of 50 kg',
        price: 18_000,
        quantity: 40,
        location: 'Main Store',
        ...fields,
      },
    });
  }

  function edit(department: ProductDepartmentId, product: ProductJson, fields: object) {
    return request(t, {
      method: 'PUT',
      url: `/api/v1/${department}/products/${product._id}`,
      token: admin,
      payload: {
        name: product.name,
        description: product.description,
        price: product.price,
        quantity: product.quantity,
        ...(product.location ? { location: product.location } : {}),
        ...fields,
      },
    });
  }

  function lookup(user: TestUser, department: ProductDepartmentId, barcode: string) {
    return request(t, {
      method: 'GET',
      url: `/api/v1/${department}/products/by-barcode/${encodeURIComponent(barcode)}`,
      token: user,
    });
  }

  it('stores a barcode and a reorder level, returns them, and a scan finds the product', async () => {
    const created = await createGodown({ barcode: ' 9501101530003 ', reorderLevel: '12' });
    expect(created.statusCode).toBe(201);
    const product = created.json<ProductJson>();
    expect(product).toMatchObject({ barcode: '9501101530003', reorderLevel: 12 });

    const found = await lookup(godownClerk, 'godown', '9501101530003');
    expect(found.statusCode).toBe(200);
    expect(found.json<ProductJson>()._id).toBe(product._id);

    const listed = await request(t, {
      method: 'GET',
      url: '/api/v1/godown/products',
      token: admin,
    });
    const row = listed.json<ProductJson[]>().find((item) => item._id === product._id);
    expect(row).toMatchObject({ barcode: '9501101530003', reorderLevel: 12 });
  });

  it('stores the godown condition from the reorder level, as the badge and the Low stock page read it', async () => {
    const created = await createGodown({ quantity: 7, reorderLevel: 5 });
    const product = created.json<ProductJson>();
    expect(product.condition).toBe('new');
    const ordered = await request(t, {
      method: 'POST',
      url: '/api/v1/godown/orders',
      token: godownClerk,
      payload: { productId: product._id, quantity: 2 },
    });
    expect(ordered.statusCode).toBe(201);
    const afterOrder = await request(t, {
      method: 'GET',
      url: `/api/v1/godown/products/${product._id}`,
      token: godownClerk,
    });
    expect(afterOrder.json<ProductJson>()).toMatchObject({ quantity: 5, condition: 'low stock' });
    const raised = await edit('godown', afterOrder.json<ProductJson>(), { reorderLevel: 3 });
    expect(raised.json<{ product: ProductJson }>().product).toMatchObject({
      quantity: 5,
      condition: 'new',
    });
    // Without a level of its own: godown's default (10), the band the condition always had.
    const plain = await createGodown({ quantity: 10 });
    expect(plain.json<ProductJson>().condition).toBe('low stock');
  });

  it('leaves both out of a product that has neither (the spec’s shape)', async () => {
    const created = await createGodown({});
    expect(created.statusCode).toBe(201);
    const body = created.json<ProductJson>();
    expect(body).not.toHaveProperty('barcode');
    expect(body).not.toHaveProperty('reorderLevel');
  });

  it('refuses a barcode another live product of the department has, on create and on edit', async () => {
    const first = await createGodown({ barcode: 'GD-0001' });
    expect(first.statusCode).toBe(201);
    const again = await createGodown({ barcode: 'GD-0001' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: inventoryMessages.barcodeTaken });

    const other = (await createGodown({})).json<ProductJson>();
    const taken = await edit('godown', other, { barcode: 'GD-0001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: inventoryMessages.barcodeTaken });
  });

  it('lets another department, and a new product after a delete, use the same barcode', async () => {
    const godown = (await createGodown({ barcode: 'SHARED-1' })).json<ProductJson>();
    const form = await multipart(
      {
        name: 'Hammer',
        description: 'Claw hammer',
        price: '12000',
        quantity: '5',
        barcode: 'SHARED-1',
        reorderLevel: '',
      },
      { bytes: pngBytes() },
    );
    const hardware = await request(t, {
      method: 'POST',
      url: '/api/v1/hardware/products',
      token: admin,
      ...form,
    });
    expect(hardware.statusCode).toBe(201);
    expect(hardware.json<ProductJson>()).toMatchObject({ barcode: 'SHARED-1' });
    expect(hardware.json<ProductJson>()).not.toHaveProperty('reorderLevel');

    // Each department's lookup answers its own product.
    expect((await lookup(hardwareClerk, 'hardware', 'SHARED-1')).json<ProductJson>()._id).toBe(
      hardware.json<ProductJson>()._id,
    );
    expect((await lookup(godownClerk, 'godown', 'SHARED-1')).json<ProductJson>()._id).toBe(
      godown._id,
    );

    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/v1/godown/products/${godown._id}`,
      token: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await lookup(godownClerk, 'godown', 'SHARED-1')).statusCode).toBe(404);
    expect((await createGodown({ barcode: 'SHARED-1' })).statusCode).toBe(201);
  });

  it('keeps both when an edit does not send them, clears them with null or blank', async () => {
    const product = (
      await createGodown({ barcode: 'KEEP-1', reorderLevel: 8 })
    ).json<ProductJson>();
    const kept = await edit('godown', product, { price: 19_000 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ product: ProductJson }>().product).toMatchObject({
      barcode: 'KEEP-1',
      reorderLevel: 8,
      price: 19_000,
    });

    const changed = await edit('godown', product, { barcode: 'KEEP-2', reorderLevel: 0 });
    expect(changed.json<{ product: ProductJson }>().product).toMatchObject({
      barcode: 'KEEP-2',
      reorderLevel: 0,
    });

    const cleared = await edit('godown', product, { barcode: '', reorderLevel: null });
    const body = cleared.json<{ product: ProductJson }>().product;
    expect(body).not.toHaveProperty('barcode');
    expect(body).not.toHaveProperty('reorderLevel');
    expect((await lookup(godownClerk, 'godown', 'KEEP-2')).statusCode).toBe(404);
  });

  describe('bad input gets a 4xx with a clear message', () => {
    it.each([
      [{ reorderLevel: -1 }, inventoryMessages.reorderLevelInvalid],
      [{ reorderLevel: 2.5 }, inventoryMessages.reorderLevelInvalid],
      [{ reorderLevel: '0x10' }, inventoryMessages.reorderLevelInvalid],
      [{ reorderLevel: 'many' }, inventoryMessages.reorderLevelInvalid],
      [{ barcode: 'A'.repeat(129) }, inventoryMessages.barcodeTooLong],
      [{ barcode: 'AB\tCD' }, inventoryMessages.barcodeInvalid],
      [{ barcode: 12345 }, inventoryMessages.barcodeInvalid],
    ])('%j', async (fields, message) => {
      const res = await createGodown(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });

    it('answers a lookup of another department 403, an unknown barcode 404', async () => {
      expect((await lookup(hardwareClerk, 'godown', 'GD-0001')).statusCode).toBe(403);
      const unknown = await lookup(godownClerk, 'godown', 'NO-SUCH-CODE');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: inventoryMessages.barcodeNotFound });
      expect((await lookup(godownClerk, 'godown', 'AB\tCD')).statusCode).toBe(400);
    });

    it('finds a product by a barcode of every accepted length, and answers 400 past 128', async () => {
      // 101–128 characters once fell foul of the router's parameter length (100) and got 414.
      for (const barcode of ['7', 'L'.repeat(101), 'M'.repeat(128), 'ü'.repeat(128)]) {
        const created = await createGodown({ barcode });
        expect(created.statusCode, barcode).toBe(201);
        const found = await lookup(godownClerk, 'godown', barcode);
        expect(found.statusCode, barcode).toBe(200);
        expect(found.json<ProductJson>()._id).toBe(created.json<ProductJson>()._id);
      }
      for (const barcode of ['N'.repeat(129), 'ü'.repeat(129)]) {
        const tooLong = await lookup(godownClerk, 'godown', barcode);
        expect(tooLong.statusCode).toBe(400);
        expect(tooLong.json()).toMatchObject({ message: inventoryMessages.barcodeTooLong });
      }
    });
  });
});
