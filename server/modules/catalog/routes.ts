import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  departments,
  productDepartmentIds,
  type DepartmentDescriptor,
} from '../../../domain/departments.ts';
import { orderCreateSchema, orderEditSchema, orderMessages } from '../../../domain/orders.ts';
import {
  detectImageType,
  maxImageBytes,
  productCreateSchema,
  productEditSchema,
  productMessages,
} from '../../../domain/products.ts';
import type { AppContext } from '../../context.ts';
import { httpError } from '../../http-errors.ts';
import { requireAdmin, requireDepartment } from '../../plugins/auth.ts';
import { runIdempotent } from '../../plugins/idempotency.ts';
import { parseInput } from '../../validation.ts';
import type { StoredImageInput } from '../images/repository.ts';
import { imagesRoutes } from '../images/routes.ts';
import {
  findOrder,
  findProduct,
  listOrders,
  listProducts,
  orderChanges,
  productChanges,
  toOrderJson,
  toProductJson,
} from './repository.ts';
import {
  createProduct,
  deleteOrder,
  deleteProduct,
  editOrder,
  placeOrder,
  updateProduct,
  type CatalogContext,
} from './service.ts';
import { nextCursor, parseUpdatedSince, type ChangesPage } from './sync-cursor.ts';

/**
 * Products and orders of every product department, from one generic set of routes driven by the
 * department descriptor (DESIGN.md section 2):
 *
 *   GET    /{dept}/products[?updatedSince=cursor]   department members and admins
 *   GET    /{dept}/products/{id}                     department members and admins
 *   POST   /{dept}/products                          admin; multipart (image departments) or JSON
 *   PUT    /{dept}/products/{id}                     admin; JSON, baseVersion for stale checks
 *   DELETE /{dept}/products/{id}                     admin; soft delete (tombstone)
 *   GET    /{dept}/orders[?updatedSince=cursor]      department members and admins, newest first
 *   GET    /{dept}/orders/{id}                       department members and admins
 *   POST   /{dept}/orders                            department members and admins
 *   PUT    /{dept}/orders/{id}                       admin; {quantity}
 *   DELETE /{dept}/orders/{id}                       admin; returns stock
 *
 * Every mutating route runs in one transaction with its Idempotency-Key record.
 */
const idParams = z.object({ id: z.string().min(1).max(200) });
const listQuery = z.object({ updatedSince: z.string().max(64).optional() });

interface DepartmentRoutesOptions extends AppContext {
  descriptor: DepartmentDescriptor;
}

interface ParsedUpload {
  fields: Record<string, string>;
  image?: { bytes: Buffer; filename: string };
}

const multipartLimits = {
  fileSize: maxImageBytes,
  files: 1,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: 25,
};

/** Reads a product upload form: text fields plus at most one file (the `image` field). */
async function readMultipartUpload(request: FastifyRequest): Promise<ParsedUpload> {
  const upload: ParsedUpload = { fields: {} };
  for await (const part of request.parts({ limits: multipartLimits })) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw httpError(413, productMessages.imageTooLarge);
        }
        throw error;
      }
      // A browser sends an empty part when no file was chosen: that is "no image".
      if (part.fieldname === 'image' && bytes.byteLength > 0) {
        upload.image = { bytes, filename: part.filename };
      }
    } else if (typeof part.value === 'string') {
      upload.fields[part.fieldname] = part.value;
    }
  }
  return upload;
}

/** The image's type by content; 415 for anything but PNG, JPEG or GIF. */
function checkImage(bytes: Buffer): StoredImageInput {
  if (bytes.byteLength > maxImageBytes) throw httpError(413, productMessages.imageTooLarge);
  const contentType = detectImageType(bytes);
  if (!contentType) throw httpError(415, productMessages.imageType);
  return { contentType, bytes };
}

function changesPage<Row, Json>(
  changes: { items: Row[]; deleted: string[] },
  startedAt: number,
  toJson: (row: Row) => Json,
): ChangesPage<Json> {
  return {
    items: changes.items.map(toJson),
    deleted: changes.deleted,
    cursor: nextCursor(startedAt),
  };
}

async function departmentRoutes(
  app: FastifyInstance,
  options: DepartmentRoutesOptions,
): Promise<void> {
  const { db, dialect, descriptor } = options;
  const department = descriptor.id;
  const context: CatalogContext = { dialect, descriptor };
  const member = { preHandler: requireDepartment(department) };
  const admin = { preHandler: requireAdmin };
  const createSchema = productCreateSchema(descriptor);
  const editSchema = productEditSchema(descriptor);
  const productJson = (row: Parameters<typeof toProductJson>[0]) => toProductJson(row, descriptor);

  // ── Products ────────────────────────────────────────────────────────────────────────────────
  app.get('/products', member, async (request) => {
    const { updatedSince } = parseInput(listQuery, request.query);
    if (updatedSince === undefined) return (await listProducts(db, department)).map(productJson);
    const since = parseUpdatedSince(updatedSince);
    const startedAt = Date.now();
    return changesPage(await productChanges(db, department, since), startedAt, productJson);
  });

  app.get('/products/:id', member, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const row = await findProduct(db, department, id);
    if (!row) throw httpError(404, productMessages.notFound);
    return productJson(row);
  });

  app.post('/products', admin, async (request, reply) => {
    let fields: unknown;
    let hashSource: unknown;
    let imageBytes: Buffer | undefined;
    if (request.isMultipart()) {
      const upload = await readMultipartUpload(request);
      imageBytes = upload.image?.bytes;
      fields = { ...upload.fields, image: imageBytes };
      hashSource = { fields: upload.fields, image: imageBytes };
    } else {
      // A JSON body cannot carry an image file: an `image` string in it is not an upload.
      const body: unknown = request.body;
      fields = body !== null && typeof body === 'object' ? { ...body, image: undefined } : body;
      hashSource = body;
    }
    const input = parseInput(createSchema, fields);
    const image = descriptor.hasImage && imageBytes ? checkImage(imageBytes) : undefined;
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource },
      async (trx) => ({
        statusCode: 201,
        body: await createProduct(trx, context, input, image),
      }),
    );
  });

  app.put('/products/:id', admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(editSchema, request.body);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: request.body },
      async (trx) => ({
        statusCode: 200,
        body: {
          message: productMessages.updated,
          product: await updateProduct(trx, context, id, input),
        },
      }),
    );
  });

  app.delete('/products/:id', admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: null },
      async (trx) => {
        await deleteProduct(trx, context, id);
        return { statusCode: 200, body: { message: productMessages.deleted } };
      },
    );
  });

  // ── Orders ──────────────────────────────────────────────────────────────────────────────────
  app.get('/orders', member, async (request) => {
    const { updatedSince } = parseInput(listQuery, request.query);
    if (updatedSince === undefined) return (await listOrders(db, department)).map(toOrderJson);
    const since = parseUpdatedSince(updatedSince);
    const startedAt = Date.now();
    return changesPage(await orderChanges(db, department, since), startedAt, toOrderJson);
  });

  app.get('/orders/:id', member, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const row = await findOrder(db, department, id);
    if (!row) throw httpError(404, orderMessages.notFound);
    return toOrderJson(row);
  });

  app.post('/orders', member, async (request, reply) => {
    const input = parseInput(orderCreateSchema, request.body);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: request.body },
      async (trx) => ({
        statusCode: 201,
        body: await placeOrder(trx, context, input, request.user.id),
      }),
    );
  });

  app.put('/orders/:id', admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { quantity } = parseInput(orderEditSchema, request.body);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: request.body },
      async (trx) => ({
        statusCode: 200,
        body: {
          message: orderMessages.updated,
          order: await editOrder(trx, context, id, quantity),
        },
      }),
    );
  });

  app.delete('/orders/:id', admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: null },
      async (trx) => {
        await deleteOrder(trx, context, id);
        return { statusCode: 200, body: { message: orderMessages.deleted } };
      },
    );
  });
}

/** The catalog module: registered once under /api/v1 (server/app.ts). */
export async function catalogRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  // Scoped to this module; the 5 MB image limit is enforced per upload below.
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  // Only the context: the options also carry this module's own prefix.
  const context: AppContext = { config: options.config, db: options.db, dialect: options.dialect };
  await app.register(imagesRoutes, context);
  for (const id of productDepartmentIds) {
    await app.register(departmentRoutes, {
      ...context,
      prefix: `/${id}`,
      descriptor: departments[id],
    });
  }
}
