import type { Kysely } from 'kysely';
import type { ImageContentType } from '../../../domain/products.ts';
import { newId } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

/**
 * Product images live in the database (table `images`), so an API process keeps no files of its
 * own and every process behind a load balancer serves every image. An image is immutable: a new
 * upload gets a new id, which is why it can be cached for a year.
 */
export interface StoredImageInput {
  contentType: ImageContentType;
  bytes: Uint8Array;
}

export async function saveImage(
  db: Kysely<DatabaseSchema>,
  image: StoredImageInput,
  now: string,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('images')
    .values({
      id,
      contentType: image.contentType,
      bytes: image.bytes,
      size: image.bytes.byteLength,
      createdAt: now,
    })
    .execute();
  return id;
}

export async function findImage(db: Kysely<DatabaseSchema>, id: string) {
  return db
    .selectFrom('images')
    .select(['id', 'contentType', 'bytes', 'size'])
    .where('id', '=', id)
    .executeTakeFirst();
}
