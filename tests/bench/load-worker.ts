import { parentPort, workerData } from 'node:worker_threads';

/**
 * Load generator for tests/bench/server-bench.ts, run in a worker thread so the client does not
 * share the server's event loop. Sends `total` requests with `concurrency` requests in flight
 * (closed loop: each client sends its next request when the previous answer arrived) and reports
 * every latency. Loopback only; the loop is bounded by `total`.
 */
export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON body; '{key}' in a header value is replaced by a fresh UUID per request. */
  body?: unknown;
  total: number;
  concurrency: number;
}

export interface LoadResult {
  latenciesMs: number[];
  statusCounts: Record<string, number>;
  elapsedMs: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const url = new URL(job.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`the bench only talks to the loopback interface, not ${url.hostname}`);
  }
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  const payload = job.body === undefined ? undefined : JSON.stringify(job.body);
  let sent = 0;
  const client = async () => {
    while (sent < job.total) {
      sent += 1;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(job.headers)) {
        headers[name] = value === '{key}' ? crypto.randomUUID() : value;
      }
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const res = await fetch(url, { method: job.method, headers, body: payload });
      await res.arrayBuffer();
      latenciesMs.push(performance.now() - started);
      statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, client));
  return { latenciesMs, statusCounts, elapsedMs: performance.now() - started };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as LoadJob).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
