import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-worker.ts';

/** Runs one load job in a worker thread (load-worker.ts), so the client never shares the server's event loop. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: job });
    worker.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => {
      void worker.terminate();
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load worker failed'));
    });
    worker.once('error', reject);
  });
}
