import { bulkUploadMessages as m } from '../../../domain/bulk-upload-messages.ts';
import {
  bulkUploadFormatOf,
  bulkUploadTimeoutMs,
  maxBulkUploadBytes,
  type SheetReading,
} from '../../../domain/bulk-upload.ts';
import type { ReadFileAnswer, ReadFileRequest } from './admin-bulk-upload-worker.ts';

/**
 * Reads files for the preview in a Web Worker with the server's rules: the same refusals as the
 * server (wrong extension, over 5 MB, zip bomb, too many rows) come back before anything is sent.
 *
 * The worker is started when the page opens and kept, so a file chosen after the connection
 * dropped is still read (the worker's chunk is admin-only and not precached). A read taking over
 * 10 s ends the worker, as on the server; the next read starts a fresh one. Size and extension
 * are checked first so a wrong or huge file is never read into memory.
 */
export interface FileReader {
  read(file: File): Promise<SheetReading>;
  dispose(): void;
}

const parseFailed: SheetReading = { ok: false, refusal: { status: 400, message: m.parseFailed } };

function startWorker(): Worker {
  return new Worker(new URL('./admin-bulk-upload-worker.ts', import.meta.url), { type: 'module' });
}

export function createFileReader(): FileReader {
  let worker: Worker | null = startWorker();
  let counter = 0;
  const waiting = new Map<number, (reading: SheetReading) => void>();

  const listen = (current: Worker) => {
    current.onmessage = (event: MessageEvent<ReadFileAnswer>) => {
      waiting.get(event.data.id)?.(event.data.reading);
    };
    // A worker that cannot start or crashes answers every read in progress as unreadable.
    current.onerror = () => {
      for (const resolve of waiting.values()) resolve(parseFailed);
      current.terminate();
      if (worker === current) worker = null;
    };
  };
  listen(worker);

  return {
    read(file) {
      if (!bulkUploadFormatOf(file.name)) {
        return Promise.resolve({ ok: false, refusal: { status: 400, message: m.invalidFormat } });
      }
      if (file.size > maxBulkUploadBytes) {
        return Promise.resolve({ ok: false, refusal: { status: 413, message: m.fileTooLarge } });
      }
      if (!worker) {
        worker = startWorker();
        listen(worker);
      }
      const current = worker;
      const id = (counter += 1);
      return new Promise<SheetReading>((resolve) => {
        const finish = (reading: SheetReading) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(reading);
        };
        const timer = setTimeout(() => {
          current.terminate();
          if (worker === current) worker = null;
          for (const other of waiting.values()) other(parseFailed);
          finish({ ok: false, refusal: { status: 413, message: m.tooSlow } });
        }, bulkUploadTimeoutMs);
        waiting.set(id, finish);
        file.arrayBuffer().then(
          (bytes) => {
            const request: ReadFileRequest = { id, bytes, fileName: file.name };
            current.postMessage(request, [bytes]);
          },
          () => finish(parseFailed),
        );
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      waiting.clear();
    },
  };
}
