import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  departments,
  productDepartmentIds,
  type DepartmentDescriptor,
} from '../../../domain/departments.ts';
import {
  orderCreateSchema,
  orderEditSchema,
  orderMessages,
  type OrderJson,
} from '../../../domain/orders.ts';
import {
  maxImageBytes,
  productCreateSchema,
  productEditSchema,
  productMessages,
  type ProductJson,
} from '../../../domain/products.ts';
import { barcodeField, inventoryMessages } from '../../../domain/inventory-fields.ts';
import { unsafeInputReason } from '../../../domain/safe-input.ts';
import type { AppContext } from '../../context.ts';
import { httpError, isHttpError } from '../../http-errors.ts';
import { requireAdmin, requireDepartment } from '../../plugins/auth.ts';
import { runIdempotent } from '../../plugins/idempotency.ts';
import { parseInput } from '../../validation.ts';
import type { StoredImageInput } from '../images/repository.ts';
import { auditContextOf } from '../audit/record.ts';
import { reencodeImage } from '../images/reencode.ts';
import { imagesRoutes } from '../images/routes.ts';
import { createListCache, type ListCache } from './list-cache.ts';
import {
  findOrder,
  findProduct,
  findProductByBarcode,
  listOrders,
  listProducts,
  toOrderJson,
  toProductJson,
  type OrderRow,
  type ProductRow,
} from './repository.ts';
import { createListServer, listChanges, type ListSource } from './serve-list.ts';
import {
  createProduct,
  deleteOrder,
  deleteProduct,
  editOrder,
  placeOrder,
  updateProduct,
  type CatalogContext,
} from './service.ts';

/**
 * Products and orders of every product department, from one generic set of routes driven by the
 * department descriptor (DESIGN.md section 2):
 *
 *   GET    /{dept}/products[?updatedSince=cursor]   department members and admins; &limit=n pages
 *   GET    /{dept}/products/{id}                     department members and admins
 *   GET    /{dept}/products/by-barcode/{barcode}     department members and admins
 *   POST   /{dept}/products                          admin; multipart (image departments) or JSON
 *   PUT    /{dept}/products/{id}                     admin; JSON, baseVersion for stale checks
 *   DELETE /{dept}/products/{id}                     admin; soft delete (tombstone)
 *   GET    /{dept}/orders[?updatedSince=cursor]      members and admins, newest first; &limit=n
 *   GET    /{dept}/orders/{id}                       department members and admins
 *   POST   /{dept}/orders                            department members and admins
 *   PUT    /{dept}/orders/{id}                       admin; {quantity}
 *   DELETE /{dept}/orders/{id}                       admin; returns stock
 *
 * Every mutating route runs in one transaction with its Idempotency-Key record; database triggers
 * raise the list's change version in that transaction (migration 0004-list-versions).
 *
 * Lists are read through serve-list.ts: the plain GET from a body cached per list version, and
 * `?updatedSince=` pages of changes with tombstones (paged walks with `limit`), each with an ETag.
 */
const idParams = z.object({ id: z.string().min(1).max(200) });
const barcodeParams = z.object({
  barcode: barcodeField.pipe(z.string({ error: inventoryMessages.barcodeInvalid })),
});

interface DepartmentRoutesOptions extends AppContext {
  descriptor: DepartmentDescriptor;
  /** Whole-list bodies of this app (one cache per catalogRoutes registration). */
  listCache: ListCache;
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
  try {
    await readParts(request, upload);
  } catch (error) {
    if (isHttpError(error)) throw error;
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    // busboy's 'Unexpected end of multipart data', 'Boundary not found' and the like: the
    // client sent a broken body (or gave up half-way); nothing of it was used.
    throw httpError(400, malformedMultipart);
  }
  // The text fields get the same edge check as JSON bodies (domain/safe-input.ts).
  const unsafe = unsafeInputReason(upload.fields);
  if (unsafe) throw httpError(400, unsafe);
  return upload;
}

const malformedMultipart = 'Malformed multipart body';

async function readParts(request: FastifyRequest, upload: ParsedUpload): Promise<void> {
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
}

/**
 * The upload as it will be stored: at most 5 MB sent, a PNG, JPEG or GIF by content, at most
 * 40 megapixels, and re-encoded by the server (server/modules/images/reencode.ts).
 */
async function checkImage(bytes: Buffer): Promise<StoredImageInput> {
  if (bytes.byteLength > maxImageBytes) throw httpError(413, productMessages.imageTooLarge);
  const image = await reencodeImage(bytes);
  if ('problem' in image) {
    throw image.problem === 'too-many-pixels'
      ? httpError(413, productMessages.imageTooManyPixels)
      : httpError(415, productMessages.imageType);
  }
  return image;
}

/**
 * preSerialization hook: a failure answer `{message}` also gets `error` with the same text (for
 * departments whose client reads `error`; see the descriptor). Runs for every failure of the
 * route, whether the handler, a preHandler or the body parser raised it.
 */
function echoMessageAsError(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const failure =
    reply.statusCode >= 400 &&
    payload !== null &&
    typeof payload === 'object' &&
    typeof (payload as { message?: unknown }).message === 'string' &&
    !('error' in payload);
  done(null, failure ? { ...payload, error: (payload as { message: string }).message } : payload);
}

async function departmentRoutes(
  app: FastifyInstance,
  options: DepartmentRoutesOptions,
): Promise<void> {
  const { db, dialect, descriptor, listCache } = options;
  const department = descriptor.id;
  const context: CatalogContext = { dialect, descriptor };
  const member = { preHandler: requireDepartment(department) };
  const admin = { preHandler: requireAdmin };
  const createSchema = productCreateSchema(descriptor);
  const editSchema = productEditSchema(descriptor);
  const productJson = (row: Parameters<typeof toProductJson>[0]) => toProductJson(row, descriptor);

  const serveList = createListServer({ db, department, listCache });

  const products: ListSource<ProductRow, ProductJson> = {
    list: 'products',
    all: () => listProducts(db, department),
    changes: (from, limit) => listChanges(db, 'products', department, from, limit),
    toJson: productJson,
  };
  const orders: ListSource<OrderRow, OrderJson> = {
    list: 'orders',
    all: () => listOrders(db, department),
    changes: (from, limit) => listChanges(db, 'orders', department, from, limit),
    toJson: toOrderJson,
  };

  // ── Products ────────────────────────────────────────────────────────────────────────────────
  app.get('/products', member, (request, reply) => serveList(request, reply, products));

  // A scan on a device without the mirror (or a check before printing labels): the live product
  // of this department with the barcode, or 404 'No product with this barcode'.
  app.get('/products/by-barcode/:barcode', member, async (request) => {
    const { barcode } = parseInput(barcodeParams, request.params);
    const row = await findProductByBarcode(db, department, barcode);
    if (!row) throw httpError(404, inventoryMessages.barcodeNotFound);
    return productJson(row);
  });

  app.get('/products/:id', member, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const row = await findProduct(db, department, id);
    if (!row) throw httpError(404, productMessages.notFound);
    return productJson(row);
  });

  const createOptions = descriptor.createFailureHasErrorField
    ? { ...admin, preSerialization: echoMessageAsError }
    : admin;
  app.post('/products', createOptions, async (request, reply) => {
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
    const image = descriptor.hasImage && imageBytes ? await checkImage(imageBytes) : undefined;
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource },
      async (trx) => ({
        statusCode: 201,
        body: await createProduct(trx, context, input, image, auditContextOf(request)),
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
          product: await updateProduct(trx, context, id, input, auditContextOf(request)),
        },
      }),
    );
  });

  app.delete('/products/:id', admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: null },
      async (trx) => {
        await deleteProduct(trx, context, id, auditContextOf(request));
        return { statusCode: 200, body: { message: productMessages.deleted } };
      },
    );
  });

  // ── Orders ──────────────────────────────────────────────────────────────────────────────────
  app.get('/orders', member, (request, reply) => serveList(request, reply, orders));

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
        body: await placeOrder(trx, context, input, auditContextOf(request)),
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
          order: await editOrder(trx, context, id, quantity, auditContextOf(request)),
        },
      }),
    );
  });

  app.delete('/orders/:id', admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: null },
      async (trx) => {
        await deleteOrder(trx, context, id, auditContextOf(request));
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
  const listCache = createListCache();
  for (const id of productDepartmentIds) {
    await app.register(departmentRoutes, {
      ...context,
      prefix: `/${id}`,
      descriptor: departments[id],
      listCache,
    });
  }
}
