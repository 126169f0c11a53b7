import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { httpError } from '../../http-errors.ts';
import { parseInput } from '../../validation.ts';
import { findImage } from './repository.ts';

export const imageMessages = { notFound: 'Image not found' } as const;
export const imageCacheControl = 'public, max-age=31536000, immutable';

const params = z.object({ id: z.string().min(1).max(100) });

/**
 * GET /images/{id}: product images. Public on purpose: an <img> element cannot send the bearer
 * token, and ids are random UUIDs. Images never change under an id, so they are cached for a year
 * and revalidate by ETag.
 */
export async function imagesRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db } = options;
  app.get('/images/:id', async (request, reply) => {
    const { id } = parseInput(params, request.params);
    const etag = `"${id}"`;
    const image = await findImage(db, id);
    if (!image) throw httpError(404, imageMessages.notFound);
    // Shown as a picture, never as a document: inline, and the API's CSP sandboxes it.
    reply
      .header('etag', etag)
      .header('cache-control', imageCacheControl)
      .header('content-disposition', 'inline');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      return reply.code(304).send();
    }
    return reply.type(image.contentType).send(Buffer.from(image.bytes));
  });
}
