import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { ProductDepartmentId } from '../../domain/departments.ts';
import { newId, nowIso } from '../../server/db/database.ts';
import { request, type TestApp } from './harness.ts';

/** Shared set-up for the catalog suites (products, orders, images, idempotency). */

export const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real 4×4 PNG (the server decodes and re-encodes every upload). */
export const tinyPng = await sharp({
  create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 30, b: 30 } },
})
  .png()
  .toBuffer();

/**
 * A decodable PNG of exactly `size` bytes (at least the tiny image's own size): the image padded
 * with zero bytes after its end, which decoders ignore. Different sizes are different files.
 */
export function pngBytes(size = 64): Buffer {
  return Buffer.concat([tinyPng, Buffer.alloc(Math.max(0, size - tinyPng.length))]);
}

/** A multipart/form-data body as fastify inject wants it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name?: string; field?: string; bytes: Uint8Array; type?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    form.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'photo.png',
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Inserts a live product straight into the database. */
export async function seedProduct(
  t: Pick<TestApp, 'db'>,
  department: ProductDepartmentId,
  values: { quantity?: number; price?: number; name?: string; location?: string } = {},
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await t.db
    .insertInto('products')
    .values({
      id,
      department,
      name: values.name ?? `Product ${id.slice(0, 6)}`,
      description: 'Seeded for a test',
      price: values.price ?? 1000,
      quantity: values.quantity ?? 10,
      imageId: null,
      location: values.location ?? null,
      condition: null,
      nutrients: null,
      version: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

export async function stockOf(t: Pick<TestApp, 'db'>, productId: string): Promise<number> {
  const row = await t.db
    .selectFrom('products')
    .select('quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.quantity);
}

export async function orderCount(t: Pick<TestApp, 'db'>, productId?: string): Promise<number> {
  let query = t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'));
  if (productId) query = query.where('productId', '=', productId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export function placeOrder(
  t: Pick<TestApp, 'app'>,
  token: { token: string },
  body: Record<string, unknown>,
  options: { key?: string; department?: ProductDepartmentId } = {},
): Promise<LightMyRequestResponse> {
  return request(t, {
    method: 'POST',
    url: `/api/v1/${options.department ?? 'hardware'}/orders`,
    token,
    headers: options.key ? { 'idempotency-key': options.key } : {},
    payload: body,
  });
}
