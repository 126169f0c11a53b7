import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { departments } from '../../../domain/departments.ts';
import { bulkUploadMessages } from '../../../domain/bulk-upload-messages.ts';
import { bulkUploadFormatOf, maxBulkUploadBytes } from '../../../domain/bulk-upload.ts';
import { unsafeInputReason } from '../../../domain/safe-input.ts';
import type { AppContext } from '../../context.ts';
import { httpError, isHttpError } from '../../http-errors.ts';
import { requireManager } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/public.ts';
import { parseUpload } from './parse-file.ts';
import { storeUpload } from './service.ts';

/**
 * POST /godown/products/bulk-upload (admins): multipart field `file`, a .csv or .xlsx of at most
 * 5 MB, read in a bounded worker thread (parse-file.ts) with the rules of domain/bulk-upload.ts,
 * then stored all or nothing in one transaction (service.ts). Answers:
 *
 *   200 {message, created, updated}
 *   400 {message}                          no file, wrong extension, unreadable file, bad header
 *   400 {message, errors: [{row, errors}]} rows at fault (nothing written)
 *   413 {message}                          over 5 MB, a zip bomb, too slow or too big to read
 *   503 {message} + Retry-After            too many files being read at once
 *
 * Online only (docs/offline-model.md, "Writes": bulk upload is an online call): no Idempotency-Key;
 * sending the same file again gives the same products, since updates replace.
 */
const malformedMultipart = 'Malformed multipart body';

const multipartLimits = {
  fileSize: maxBulkUploadBytes,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
};

interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

async function readFilePart(request: FastifyRequest): Promise<UploadedFile | undefined> {
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type !== 'file') continue;
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw httpError(413, bulkUploadMessages.fileTooLarge);
        }
        throw error;
      }
      if (part.fieldname === 'file' && !file) file = { bytes, fileName: part.filename };
    }
  } catch (error) {
    if (isHttpError(error)) throw error;
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    // busboy's 'Unexpected end of multipart data' and the like: a broken body.
    throw httpError(400, malformedMultipart);
  }
  return file;
}

export async function bulkUploadRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });

  app.post(
    '/godown/products/bulk-upload',
    // Godown's admin function (the service writes godown's products): its admins and manager.
    { preHandler: requireManager(departments.godown.id) },
    async (request) => {
      if (!request.isMultipart()) throw httpError(400, bulkUploadMessages.fileRequired);
      const file = await readFilePart(request);
      if (!file || file.bytes.byteLength === 0)
        throw httpError(400, bulkUploadMessages.fileRequired);
      const unsafe = unsafeInputReason({ fileName: file.fileName });
      if (unsafe) throw httpError(400, unsafe);
      // The extension is checked here too so a wrong file never starts a worker.
      if (!bulkUploadFormatOf(file.fileName))
        throw httpError(400, bulkUploadMessages.invalidFormat);

      const outcome = await parseUpload({ bytes: file.bytes, fileName: file.fileName });
      if (outcome.kind === 'refused') {
        throw httpError(outcome.refusal.status, outcome.refusal.message);
      }
      if (outcome.kind === 'invalid') {
        throw httpError(400, bulkUploadMessages.rowsInvalid, { errors: outcome.errors });
      }
      const audit = auditContextOf(request);
      const counts = await db
        .transaction()
        .execute((trx) => storeUpload(trx, dialect, outcome.products, audit));
      return { message: bulkUploadMessages.success, ...counts };
    },
  );
}
