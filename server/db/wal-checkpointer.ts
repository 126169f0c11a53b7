import { Worker } from 'node:worker_threads';

/**
 * Checkpoints of the SQLite write-ahead log, off the request thread (decision 0021).
 *
 * With WAL, a commit appends pages to the -wal file (and, with synchronous=FULL, fsyncs it);
 * a checkpoint later copies them into the database file and fsyncs that. SQLite runs the
 * checkpoint inside a commit on the connection that wrote (every 1,000 pages by default), so on
 * the order path it cost about a fifth of an order's time, all of it on the event loop. Here a
 * worker thread with its own connection runs PASSIVE checkpoints on a timer instead, and the
 * request connection keeps a far larger automatic checkpoint only as a backstop in case the worker
 * falls behind.
 *
 * Durability does not change: a commit is durable once its WAL frames are synced, whenever the
 * checkpoint runs. A crash between commit and checkpoint is recovered from the WAL at the next
 * open, as before.
 */
export interface WalCheckpointer {
  /** Runs a last checkpoint and ends the worker. */
  stop(): Promise<void>;
}

/** Pages the request connection lets the WAL reach before it checkpoints itself (~40 MB). */
export const backstopCheckpointPages = 10_000;

const workerUrl = new URL('./wal-checkpoint-worker.ts', import.meta.url);

export function startWalCheckpointer(
  file: string,
  options: { intervalMs?: number; onFailure?: (message: string) => void } = {},
): WalCheckpointer {
  const worker = new Worker(workerUrl, {
    workerData: { file, intervalMs: options.intervalMs ?? 250 },
    stdout: false,
    stderr: false,
  });
  // The server's life decides when the process ends, not this thread.
  worker.unref();
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed !== undefined) options.onFailure?.(message.failed);
  });
  // A checkpointer that could not start leaves the backstop in charge; say why.
  worker.on('error', (error) => options.onFailure?.(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 5000);
      try {
        await exited;
      } finally {
        clearTimeout(timeout);
      }
    },
  };
}
