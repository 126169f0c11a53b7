import { parentPort, workerData } from 'node:worker_threads';
import { readBulkUploadFile } from '../../../domain/bulk-upload-read.ts';
import { rowErrorsOf } from '../../../domain/bulk-upload.ts';
import type { ParseOutcome, ParseRequest } from './parse-file.ts';

/**
 * The worker thread of one upload (started by parse-file.ts, which bounds its memory and time):
 * reads the file with the shared rules and posts back the products, the rows at fault or why the
 * file was refused. Only what the request thread needs crosses back (not the preview's cells).
 */
const { bytes, fileName } = workerData as ParseRequest;
const reading = await readBulkUploadFile(bytes, fileName);
let outcome: ParseOutcome;
if (!reading.ok) {
  outcome = { kind: 'refused', refusal: reading.refusal };
} else {
  const errors = rowErrorsOf(reading.rows);
  outcome =
    errors.length > 0
      ? { kind: 'invalid', errors }
      : {
          kind: 'products',
          products: reading.rows.flatMap((row) =>
            row.product ? [{ ...row.product, row: row.row }] : [],
          ),
        };
}
parentPort?.postMessage(outcome);
