import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductJson } from '../../domain/products.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';
import sharp from 'sharp';
import {
  multipart,
  placeOrder,
  pngBytes,
  seedProduct,
  stockOf,
  tinyPng,
} from './catalog-fixtures.ts';

const hammer = { name: 'Hammer', description: 'Steel claw hammer', price: '12500', quantity: '8' };

describeEachDatabase('catalog products', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let employee: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    employee = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  async function upload(
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
    options: { department?: string; key?: string } = {},
  ) {
    const { payload, headers } = await multipart(fields, file);
    return request(t, {
      method: 'POST',
      url: `/api/v1/${options.department ?? 'hardware'}/products`,
      token: admin,
      headers: { ...headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
      payload,
    });
  }

  describe('upload (multipart)', () => {
    it('creates a product with its image and serves the image with long cache headers', async () => {
      const bytes = pngBytes(300);
      const res = await upload(hammer, { bytes });
      expect(res.statusCode).toBe(201);
      const product = res.json<ProductJson>();
      expect(product).toMatchObject({
        name: 'Hammer',
        description: 'Steel claw hammer',
        price: 12_500,
        quantity: 8,
        version: 1,
      });
      expect(product.image).toMatch(/^images\/[0-9a-f-]{36}$/);
      expect(product).not.toHaveProperty('location');

      const image = await request(t, { method: 'GET', url: `/api/v1/${product.image}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers.etag).toBeTruthy();
      expect(image.headers['content-disposition']).toBe('inline');
      expect(String(image.headers['content-security-policy'])).toContain('sandbox');
      // What is served is the server's own encoding of the picture, not the bytes sent.
      expect(Buffer.compare(image.rawPayload, bytes)).not.toBe(0);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        format: 'png',
        width: 4,
        height: 4,
      });

      const revalidated = await request(t, {
        method: 'GET',
        url: `/api/v1/${product.image}`,
        headers: { 'if-none-match': String(image.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      const missing = await request(t, { method: 'GET', url: `/api/v1/images/${randomUUID()}` });
      expect(missing.statusCode).toBe(404);
    });

    it('accepts a client id and answers with the same product on an idempotent retry', async () => {
      const id = randomUUID();
      const key = randomUUID();
      const bytes = pngBytes(100);
      const first = await upload({ ...hammer, _id: id }, { bytes }, { key });
      const second = await upload({ ...hammer, _id: id }, { bytes }, { key });
      expect(first.statusCode).toBe(201);
      expect(first.json<ProductJson>()._id).toBe(id);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      const otherImage = await upload({ ...hammer, _id: id }, { bytes: pngBytes(101) }, { key });
      expect(otherImage.statusCode).toBe(422);
    });

    it('checks the fields in the spec order', async () => {
      const cases: [Record<string, string>, string][] = [
        [{}, 'Product name is required.'],
        [{ name: 'Hammer' }, 'Description is required.'],
        [{ name: 'Hammer', description: 'Steel' }, 'Valid price is required.'],
        [{ name: 'Hammer', description: 'Steel', price: '0' }, 'Valid price is required.'],
        [{ name: 'Hammer', description: 'Steel', price: '10' }, 'Valid quantity is required.'],
        [
          { name: 'Hammer', description: 'Steel', price: '10', quantity: '1' },
          'Product image is required.',
        ],
      ];
      for (const [fields, message] of cases) {
        const res = await upload(fields);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
    });

    it('does not take an image name in a JSON body for an upload', async () => {
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/hardware/products',
        token: admin,
        payload: { ...hammer, image: 'images/someone-elses-picture' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Product image is required.');
    });

    it('checks the image by content: a .png name with other bytes is 415', async () => {
      const res = await upload(hammer, {
        bytes: Buffer.from('this is not an image at all'),
        name: 'photo.png',
        type: 'image/png',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json<{ message: string }>().message).toBe(
        'Product image must be a PNG, JPEG or GIF image.',
      );
    });

    it('accepts JPEG and GIF by their content, whatever the name says', async () => {
      const picture = sharp({ create: { width: 3, height: 2, channels: 3, background: '#0a0' } });
      const jpeg = await picture.clone().jpeg().toBuffer();
      const gif = await picture.clone().gif().toBuffer();
      for (const [bytes, served] of [
        [jpeg, 'image/jpeg'],
        [gif, 'image/png'],
      ] as const) {
        const res = await upload(hammer, {
          bytes,
          name: 'picture.bin',
          type: 'application/octet-stream',
        });
        expect(res.statusCode).toBe(201);
        const image = await request(t, {
          method: 'GET',
          url: `/api/v1/${res.json<ProductJson>().image}`,
        });
        expect(image.headers['content-type']).toBe(served);
      }
    });

    it('stores no polyglot: a PNG header followed by HTML is refused', async () => {
      const polyglot = Buffer.concat([
        tinyPng.subarray(0, 33),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]);
      const res = await upload(hammer, { bytes: polyglot });
      expect(res.statusCode).toBe(415);
    });

    it('refuses a pixel flood (a 30000×30000 header) before decoding it', async () => {
      const flood = Buffer.from(tinyPng);
      flood.writeUInt32BE(30_000, 16);
      flood.writeUInt32BE(30_000, 20);
      const res = await upload(hammer, { bytes: flood });
      expect(res.statusCode).toBe(413);
      expect(res.json<{ message: string }>().message).toBe(
        'Product image has too many pixels. The maximum is 40 megapixels.',
      );
    });

    it('drops the metadata of an upload (a photo’s EXIF can hold where it was taken)', async () => {
      const photo = await sharp({
        create: { width: 3, height: 3, channels: 3, background: '#00f' },
      })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'Kariakoo-warehouse-GPS' } } })
        .toBuffer();
      expect(photo.includes('Kariakoo-warehouse-GPS')).toBe(true);
      const res = await upload(hammer, { bytes: photo });
      const image = await request(t, {
        method: 'GET',
        url: `/api/v1/${res.json<ProductJson>().image}`,
      });
      expect(image.rawPayload.includes('Kariakoo-warehouse-GPS')).toBe(false);
    });

    it('refuses an image over 5 MB with 413', async () => {
      const res = await upload(hammer, { bytes: pngBytes(5 * 1024 * 1024 + 1) });
      expect(res.statusCode).toBe(413);
      expect(res.json<{ message: string }>().message).toBe(
        'Product image is too large. The maximum size is 5 MB.',
      );
    });

    it('accepts an image of exactly 5 MB', async () => {
      const res = await upload(hammer, { bytes: pngBytes(5 * 1024 * 1024) });
      expect(res.statusCode).toBe(201);
    });

    it('requires nutrients for animal-feeding and returns them', async () => {
      const missing = await upload(hammer, { bytes: pngBytes() }, { department: 'animal-feeding' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ message: string }>().message).toBe('Nutrients are required.');
      const res = await upload(
        { ...hammer, name: 'Dairy meal', nutrients: 'Protein 16%' },
        { bytes: pngBytes() },
        { department: 'animal-feeding' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json<ProductJson>().nutrients).toBe('Protein 16%');
    });
  });

  describe('godown (JSON, location and derived condition)', () => {
    it('creates without an image and derives the condition from the quantity', async () => {
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/godown/products',
        token: admin,
        payload: {
          name: 'Cement',
          description: '50 kg bags',
          price: 18_000,
          quantity: 8,
          location: 'Deck A',
          condition: 'new',
        },
      });
      expect(res.statusCode).toBe(201);
      const product = res.json<ProductJson>();
      expect(product).toMatchObject({ location: 'Deck A', condition: 'low stock', image: null });

      const edit = await request(t, {
        method: 'PUT',
        url: `/api/v1/godown/products/${product._id}`,
        token: admin,
        payload: {
          name: 'Cement',
          description: '50 kg bags',
          price: 18_000,
          quantity: 40,
          location: 'Deck B',
        },
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json()).toMatchObject({
        message: 'Product updated successfully!',
        product: { quantity: 40, location: 'Deck B', condition: 'new', version: 2 },
      });
    });

    it('uses the godown messages', async () => {
      const res = await request(t, {
        method: 'POST',
        url: '/api/v1/godown/products',
        token: admin,
        payload: { name: 'Cement' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('All fields are required.');
    });

    it('repeats the message of a failed creation in an `error` field, as its client reads it', async () => {
      const invalid = await request(t, {
        method: 'POST',
        url: '/api/v1/godown/products',
        token: admin,
        payload: { name: 'Cement', description: 'Bags', price: 0, quantity: 5, location: 'A' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({
        message: 'Price must be a positive number.',
        error: 'Price must be a positive number.',
      });
      // Also when a preHandler refuses (an employee may not create products).
      const employee = await createUser(t, { role: 'employee', category: 'godown' });
      const refused = await request(t, {
        method: 'POST',
        url: '/api/v1/godown/products',
        token: employee,
        payload: { name: 'Cement' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Access denied', error: 'Access denied' });
      // Other departments keep `{message}` alone.
      const hardware = await request(t, {
        method: 'POST',
        url: '/api/v1/hardware/products',
        token: admin,
        payload: { name: 'Hammer' },
      });
      expect(hardware.statusCode).toBe(400);
      expect(hardware.json()).not.toHaveProperty('error');
    });

    it('updates the condition when orders take the stock', async () => {
      const productId = await seedProduct(t, 'godown', { quantity: 12, location: 'Deck A' });
      const order = await placeOrder(
        t,
        admin,
        { productId, quantity: 12 },
        { department: 'godown' },
      );
      expect(order.statusCode).toBe(201);
      const product = await request(t, {
        method: 'GET',
        url: `/api/v1/godown/products/${productId}`,
        token: admin,
      });
      expect(product.json()).toMatchObject({ quantity: 0, condition: 'out of stock' });
    });
  });

  describe('reading', () => {
    it('returns [] when a department has no products', async () => {
      const res = await request(t, {
        method: 'GET',
        url: '/api/v1/stationery/products',
        token: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('lets department employees list and read products', async () => {
      const productId = await seedProduct(t, 'hardware');
      const list = await request(t, {
        method: 'GET',
        url: '/api/v1/hardware/products',
        token: employee,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json<ProductJson[]>().some((product) => product._id === productId)).toBe(true);
      const one = await request(t, {
        method: 'GET',
        url: `/api/v1/hardware/products/${productId}`,
        token: employee,
      });
      expect(one.statusCode).toBe(200);
      expect(one.json<ProductJson>()).toMatchObject({ _id: productId, image: null, version: 1 });
    });

    it('answers 404 for a product of another department', async () => {
      const productId = await seedProduct(t, 'fresh-oil');
      const res = await request(t, {
        method: 'GET',
        url: `/api/v1/hardware/products/${productId}`,
        token: admin,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
    });
  });

  describe('edit and delete (admin)', () => {
    const edit = (id: string, body: Record<string, unknown>) =>
      request(t, {
        method: 'PUT',
        url: `/api/v1/hardware/products/${id}`,
        token: admin,
        payload: body,
      });

    it('edits every field, bumps the version and uses the edit messages', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 5 });
      const res = await edit(productId, {
        name: 'Saw',
        description: 'Wood saw',
        price: 9000,
        quantity: 6,
        baseVersion: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Product updated successfully!',
        product: { _id: productId, name: 'Saw', price: 9000, quantity: 6, version: 2 },
      });
      const invalid = await edit(productId, {
        name: 'Saw',
        description: 'Wood saw',
        price: 9000,
        quantity: 0,
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json<{ message: string }>().message).toBe('Quantity must be greater than 0.');
    });

    it('refuses a quantity edit from a stale version with 409 but keeps other edits last-writer-wins', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10 });
      // An order moves the stock (and the version) after the admin opened the product at version 1.
      expect((await placeOrder(t, employee, { productId, quantity: 2 })).statusCode).toBe(201);
      const stale = await edit(productId, {
        name: 'Renamed',
        description: 'D',
        price: 1000,
        quantity: 10,
        baseVersion: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toBe(
        'The stock of this product changed since you opened it. Review the new quantity and save again.',
      );
      expect(await stockOf(t, productId)).toBe(8);

      const sameQuantity = await edit(productId, {
        name: 'Renamed',
        description: 'D',
        price: 1000,
        quantity: 8,
        baseVersion: 1,
      });
      expect(sameQuantity.statusCode).toBe(200);
      expect(sameQuantity.json<{ product: ProductJson }>().product).toMatchObject({
        name: 'Renamed',
        quantity: 8,
      });
    });

    it('keeps the current stock when an edit from a stale version leaves the quantity as the editor saw it', async () => {
      const productId = await seedProduct(t, 'hardware', { quantity: 10, price: 1000 });
      // Opened at version 1 with 10 in stock; two are sold before the price-only edit arrives.
      expect((await placeOrder(t, employee, { productId, quantity: 2 })).statusCode).toBe(201);
      const priceOnly = await edit(productId, {
        name: 'Hammer',
        description: 'D',
        price: 1200,
        quantity: 10,
        baseVersion: 1,
        baseQuantity: 10,
      });
      expect(priceOnly.statusCode).toBe(200);
      expect(priceOnly.json<{ product: ProductJson }>().product).toMatchObject({
        price: 1200,
        quantity: 8,
      });
      expect(await stockOf(t, productId)).toBe(8);

      // A real stock edit from that stale view is still a conflict.
      const stockEdit = await edit(productId, {
        name: 'Hammer',
        description: 'D',
        price: 1200,
        quantity: 15,
        baseVersion: 1,
        baseQuantity: 10,
      });
      expect(stockEdit.statusCode).toBe(409);
      expect(await stockOf(t, productId)).toBe(8);
    });

    it('soft-deletes: the product disappears from lists and details', async () => {
      const productId = await seedProduct(t, 'hardware');
      const res = await request(t, {
        method: 'DELETE',
        url: `/api/v1/hardware/products/${productId}`,
        token: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Product deleted successfully!' });
      const detail = await request(t, {
        method: 'GET',
        url: `/api/v1/hardware/products/${productId}`,
        token: admin,
      });
      expect(detail.statusCode).toBe(404);
      const list = await request(t, {
        method: 'GET',
        url: '/api/v1/hardware/products',
        token: admin,
      });
      expect(list.json<ProductJson[]>().some((product) => product._id === productId)).toBe(false);
      const order = await placeOrder(t, admin, { productId, quantity: 1 });
      expect(order.statusCode).toBe(404);
    });
  });
});
