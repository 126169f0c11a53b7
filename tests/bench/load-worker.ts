import { parentPort, workerData } from 'node:worker_threads';

/**
 * Load generator for tests/bench/server-bench.ts, run in a worker thread so the client does not
 * share the server's event loop. Sends `total` requests with `concurrency` requests in flight
 * (closed loop: each client sends its next request when the previous answer arrived) and reports
 * every latency. Loopback only; the loop is bounded by `total`.
 *
 * A 'stop' message ends the run early: no new request is sent, and the result of those sent so far
 * is posted as usual (a background load that lasts as long as something else is measured).
 *
 * With `batch`, each request is a `POST /batch` body of `batch.size` sub-requests to
 * `batch.url` with `body`, each with its own fresh Idempotency-Key (as the PWA flusher sends its
 * outbox), and the sub-request statuses are counted too.
 */
export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON body; '{key}' in a header value is replaced by a fresh UUID per request. */
  body?: unknown;
  total: number;
  concurrency: number;
  batch?: { size: number; url: string };
}

export interface LoadResult {
  latenciesMs: number[];
  statusCounts: Record<string, number>;
  /** Statuses of the sub-requests (batch jobs only). */
  subStatusCounts: Record<string, number>;
  elapsedMs: number;
}

function batchPayload(batch: { size: number; url: string }, body: unknown): string {
  const requests = Array.from({ length: batch.size }, (_, index) => ({
    id: String(index),
    method: 'POST',
    url: batch.url,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body,
  }));
  return JSON.stringify({ requests });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const url = new URL(job.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`the bench only talks to the loopback interface, not ${url.hostname}`);
  }
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  const subStatusCounts: Record<string, number> = {};
  const batch = job.batch;
  const fixedPayload = job.body === undefined ? undefined : JSON.stringify(job.body);
  let sent = 0;
  const client = async () => {
    while (sent < job.total && !stopRequested) {
      sent += 1;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(job.headers)) {
        headers[name] = value === '{key}' ? crypto.randomUUID() : value;
      }
      const payload = batch ? batchPayload(batch, job.body) : fixedPayload;
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const res = await fetch(url, { method: job.method, headers, body: payload });
      const text = await res.text();
      latenciesMs.push(performance.now() - started);
      statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
      if (batch && res.ok) {
        const { responses } = JSON.parse(text) as { responses: { status: number }[] };
        for (const { status } of responses) {
          subStatusCounts[status] = (subStatusCounts[status] ?? 0) + 1;
        }
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, client));
  return { latenciesMs, statusCounts, subStatusCounts, elapsedMs: performance.now() - started };
}

let stopRequested = false;

if (parentPort) {
  const port = parentPort;
  port.on('message', (message: unknown) => {
    if (message === 'stop') stopRequested = true;
  });
  run(workerData as LoadJob).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
