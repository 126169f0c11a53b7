import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  departments,
  productDepartmentIds,
  type DepartmentDescriptor,
} from '../../../domain/departments.ts';
import {
  maxImageBytes,
  productCreateSchema,
  productEditSchema,
  productMessages,
  type ProductJson,
} from '../../../domain/products.ts';
import { barcodeField, inventoryMessages } from '../../../domain/inventory-fields.ts';
import { unsafeInputReason } from '../../../domain/safe-input.ts';
import type { AppContext, DepartmentContext } from '../../context.ts';
import { httpError, isHttpError } from '../../http-errors.ts';
import { requireDepartment } from '../../plugins/auth.ts';
import { registerWriteRoute } from '../../plugins/write-routes.ts';
import { parseInput } from '../../validation.ts';
import { imagesRoutes, reencodeImage, type StoredImageInput } from '../images/public.ts';
import {
  createListCache,
  createListServer,
  declareList,
  listChanges,
  type ListCache,
  type ListSource,
} from '../lists/public.ts';
import {
  findProduct,
  findProductByBarcode,
  listProducts,
  listProductsPage,
  toProductJson,
  type ProductRow,
} from './repository.ts';
import { createProduct, deleteProduct, updateProduct } from './service.ts';

/**
 * Products of every product department, from one generic set of routes driven by the department
 * descriptor (docs/architecture.md section 2); their orders are the orders module's
 * (server/modules/orders/):
 *
 *   GET    /{dept}/products[?updatedSince=cursor]   department members and admins; &limit=n pages
 *   GET    /{dept}/products/{id}                     department members and admins
 *   GET    /{dept}/products/by-barcode/{barcode}     department members and admins
 *   POST   /{dept}/products                          admin; multipart (image departments) or JSON
 *   PUT    /{dept}/products/{id}                     admin; JSON, baseVersion + base: 3-way merge
 *   DELETE /{dept}/products/{id}                     admin; soft delete (tombstone)
 *
 * Every mutating route runs in one transaction with its Idempotency-Key record; database triggers
 * raise the list's change version in that transaction (migration 0004-list-versions).
 *
 * Lists are read through serve-list.ts: the plain GET from a body cached per list version, and
 * `?updatedSince=` pages of changes with tombstones (paged walks with `limit`), each with an ETag.
 */
const productsList = declareList('products');

const idParams = z.object({ id: z.string().min(1).max(200) });
const barcodeParams = z.object({
  barcode: barcodeField.pipe(z.string({ error: inventoryMessages.barcodeInvalid })),
});

interface DepartmentRoutesOptions extends AppContext {
  descriptor: DepartmentDescriptor;
  /** Whole-list bodies of this app (one cache per productsRoutes registration). */
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

async function departmentRoutes(
  app: FastifyInstance,
  options: DepartmentRoutesOptions,
): Promise<void> {
  const { db, dialect, descriptor, listCache } = options;
  const department = descriptor.id;
  const context: DepartmentContext = { dialect, descriptor };
  const member = { preHandler: requireDepartment(department) };
  const createSchema = productCreateSchema(descriptor);
  const editSchema = productEditSchema(descriptor);
  const productJson = (row: Parameters<typeof toProductJson>[0]) => toProductJson(row, descriptor);

  const serveList = createListServer({ db, department, listCache });

  const products: ListSource<ProductRow, ProductJson> = {
    list: productsList,
    all: () => listProducts(db, department),
    // Stock changes with every order: the cached body is patched, not rebuilt (decision 0034).
    page: (after, limit) => listProductsPage(db, department, after, limit),
    changes: (from, limit) => listChanges(db, productsList, department, from, limit),
    toJson: productJson,
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

  registerWriteRoute(app, db, {
    method: 'POST',
    url: '/products',
    access: { manage: department },
    // A JSON body cannot carry an image file: an `image` string in it is not an upload.
    parse: (_params, body) => ({
      fields: parseInput(
        createSchema,
        body !== null && typeof body === 'object' ? { ...body, image: undefined } : body,
      ),
      image: undefined,
    }),
    readMultipart: async (request) => {
      const upload = await readMultipartUpload(request);
      const imageBytes = upload.image?.bytes;
      const fields = parseInput(createSchema, { ...upload.fields, image: imageBytes });
      // Re-encoded before the transaction: slow work never holds the database.
      const image = descriptor.hasImage && imageBytes ? await checkImage(imageBytes) : undefined;
      return { input: { fields, image }, hashSource: { fields: upload.fields, image: imageBytes } };
    },
    run: async (trx, { fields, image }, audit) => ({
      statusCode: 201,
      body: await createProduct(trx, context, fields, image, audit),
    }),
    echoMessageAsError: descriptor.createFailureHasErrorField,
  });

  registerWriteRoute(app, db, {
    method: 'PUT',
    url: '/products/:id',
    access: { manage: department },
    parse: (params, body) => ({
      id: parseInput(idParams, params).id,
      edit: parseInput(editSchema, body),
    }),
    run: async (trx, { id, edit }, audit) => ({
      statusCode: 200,
      body: {
        message: productMessages.updated,
        product: await updateProduct(trx, context, id, edit, audit),
      },
    }),
  });

  registerWriteRoute(app, db, {
    method: 'DELETE',
    url: '/products/:id',
    access: { manage: department },
    parse: (params) => parseInput(idParams, params).id,
    hashSource: () => null,
    run: async (trx, id, audit) => {
      await deleteProduct(trx, context, id, audit);
      return { statusCode: 200, body: { message: productMessages.deleted } };
    },
  });
}

/** The products module: registered once under /api/v1 (server/app.ts). */
export async function productsRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
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
