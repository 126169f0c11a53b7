import { readBulkUploadFile } from '../../../domain/bulk-upload-read.ts';
import type { SheetReading } from '../../../domain/bulk-upload.ts';

/**
 * The Web Worker that reads a chosen file with the server's own reader and rules
 * (domain/bulk-upload-read.ts), so a 10,000-row sheet never blocks the page. Started by
 * admin-read-file.ts when the page opens; a read over 10 s ends it. Named `admin-*`: its chunk is not precached.
 */
export interface ReadFileRequest {
  id: number;
  bytes: ArrayBuffer;
  fileName: string;
}

export interface ReadFileAnswer {
  id: number;
  reading: SheetReading;
}

// The worker's global scope, typed without the WebWorker lib (the app compiles with DOM's).
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ReadFileRequest>) => void) | null;
  postMessage(message: ReadFileAnswer): void;
};

scope.onmessage = (event) => {
  const { id, bytes, fileName } = event.data;
  void readBulkUploadFile(new Uint8Array(bytes), fileName).then((reading) =>
    scope.postMessage({ id, reading }),
  );
};
