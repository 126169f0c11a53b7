import { Worker } from 'node:worker_threads';
import { bulkUploadMessages } from '../../../domain/bulk-upload-messages.ts';
import {
  bulkUploadTimeoutMs,
  type BulkUploadRefusal,
  type BulkUploadRowError,
  type BulkUploadProduct,
} from '../../../domain/bulk-upload.ts';
import { createConcurrencyLimit, LimitExceeded } from '../../concurrency-limit.ts';
import { httpError } from '../../http-errors.ts';

/**
 * Parses an upload off the request thread: one `node:worker_threads` Worker per file, running
 * parse-worker.ts with the same Node (type stripping is on by default in Node 24 and a worker
 * inherits the parent's execArgv, so a .ts worker needs no build step). The worker is bounded:
 *
 * - memory: a V8 heap of at most `maxOldGenerationSizeMb` (an allocation beyond it ends the worker
 *   with ERR_WORKER_OUT_OF_MEMORY, not the server); buffers outside the heap are bounded by the
 *   5 MB upload and the zip inspection's 32 MB inflated cap (domain/bulk-upload.ts);
 * - time: terminated after 10 s;
 * - count: one file at a time per process, two more waiting, the rest answered 503 Retry-After,
 *   so a burst of uploads cannot add their peaks together.
 */
export interface ParseRequest {
  bytes: Uint8Array;
  fileName: string;
}

export type ParseOutcome =
  | { kind: 'products'; products: BulkUploadProduct[] }
  | { kind: 'invalid'; errors: BulkUploadRowError[] }
  | { kind: 'refused'; refusal: BulkUploadRefusal };

export const parseWorkerLimits = {
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
} as const;

const parsing = createConcurrencyLimit({ concurrency: 1, queue: 2 });
const workerUrl = new URL('./parse-worker.ts', import.meta.url);
export const busyMessage = 'Another file is being read. Try again in a few seconds.';

function runWorker(request: ParseRequest, timeoutMs: number): Promise<ParseOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(workerUrl, {
      workerData: request,
      resourceLimits: parseWorkerLimits,
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (outcome: ParseOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle({ kind: 'refused', refusal: { status: 413, message: bulkUploadMessages.tooSlow } }),
      timeoutMs,
    );
    worker.once('message', (outcome: ParseOutcome) => settle(outcome));
    worker.once('error', (error: Error & { code?: string }) => {
      settle({
        kind: 'refused',
        refusal:
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { status: 413, message: bulkUploadMessages.tooLargeToRead }
            : // A reader that throws on a strange file: the file could not be read, not a 500.
              { status: 400, message: bulkUploadMessages.parseFailed },
      });
    });
    worker.once('exit', () =>
      settle({
        kind: 'refused',
        refusal: { status: 400, message: bulkUploadMessages.parseFailed },
      }),
    );
  });
}

/** Reads the file in a bounded worker; throws 503 when too many files are already waiting. */
export async function parseUpload(
  request: ParseRequest,
  options: { timeoutMs?: number } = {},
): Promise<ParseOutcome> {
  try {
    return await parsing.run(() => runWorker(request, options.timeoutMs ?? bulkUploadTimeoutMs));
  } catch (error) {
    if (error instanceof LimitExceeded) {
      throw httpError(503, busyMessage, undefined, { 'retry-after': '5' });
    }
    throw error;
  }
}
