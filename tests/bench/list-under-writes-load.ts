import { Agent, request as httpRequest } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * The load of tests/bench/list-under-writes-bench.ts, in worker threads so that no client shares
 * the server's event loop: closed-loop readers of one or more URLs (node:http keep-alive, bodies
 * taken as sent), an open-loop stream of orders at a fixed rate on random products (each for
 * `durationMs`), or one client placing orders and reading the list back after each. Loopback only.
 */
export interface ReadJob {
  kind: 'reads';
  urls: string[];
  headers: Record<string, string>;
  concurrency: number;
  durationMs: number;
}

export interface OrderJob {
  kind: 'orders';
  url: string;
  headers: Record<string, string>;
  productIds: string[];
  perSecond: number;
  durationMs: number;
}

/** One client, in order: read the list, then for each product an order and a read of the list. */
export interface ReadBackJob {
  kind: 'readBack';
  listUrl: string;
  orderUrl: string;
  headers: Record<string, string>;
  productIds: string[];
}

type Job = ReadJob | OrderJob | ReadBackJob;

export interface JobResult {
  latenciesMs: number[];
  statusCounts: Record<string, number>;
  elapsedMs: number;
}

function loopbackOnly(url: URL): void {
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`the bench only talks to the loopback interface, not ${url.hostname}`);
  }
}

function send(
  url: URL,
  agent: Agent,
  method: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(url, { agent, method, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Closed-loop readers (reads) or an open-loop order stream (orders), for `durationMs`; or one
 * client's orders each read back (readBack).
 */
async function runJob(job: Job): Promise<JobResult> {
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  const started = performance.now();
  const until = started + ('durationMs' in job ? job.durationMs : 0);
  const timed = async (request: () => Promise<number>) => {
    const begun = performance.now();
    const status = await request();
    latenciesMs.push(performance.now() - begun);
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
  };
  if (job.kind === 'readBack') {
    const list = new URL(job.listUrl);
    const orders = new URL(job.orderUrl);
    loopbackOnly(list);
    loopbackOnly(orders);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { ...job.headers, 'content-type': 'application/json' };
    await timed(() => send(list, agent, 'GET', job.headers));
    for (const productId of job.productIds) {
      const body = JSON.stringify({ productId, quantity: 1 });
      await timed(() => send(orders, agent, 'POST', headers, body));
      await timed(() => send(list, agent, 'GET', job.headers));
    }
    agent.destroy();
  } else if (job.kind === 'reads') {
    const urls = job.urls.map((text) => new URL(text));
    urls.forEach(loopbackOnly);
    const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
    await Promise.all(
      Array.from({ length: job.concurrency }, async (_, client) => {
        const url = urls[client % urls.length] ?? urls[0];
        if (!url) return;
        while (performance.now() < until) await timed(() => send(url, agent, 'GET', job.headers));
      }),
    );
    agent.destroy();
  } else {
    const url = new URL(job.url);
    loopbackOnly(url);
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const inFlight: Promise<void>[] = [];
    // Open loop: the n-th order leaves at n / rate, whatever the answers' latency.
    for (let sent = 0; performance.now() < until; sent += 1) {
      const due = started + (sent * 1000) / job.perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const productId = job.productIds[Math.floor(Math.random() * job.productIds.length)];
      const body = JSON.stringify({ productId, quantity: 1 });
      const headers = { ...job.headers, 'content-type': 'application/json' };
      inFlight.push(timed(() => send(url, agent, 'POST', headers, body)));
    }
    await Promise.all(inFlight);
    agent.destroy();
  }
  return { latenciesMs, statusCounts, elapsedMs: performance.now() - started };
}

export function inWorker(job: Job): Promise<JobResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (message: { ok: boolean; result?: JobResult; error?: string }) => {
      void worker.terminate();
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load worker failed'));
    });
    worker.once('error', reject);
  });
}

if (!isMainThread && parentPort && (workerData as Partial<Job> | null)?.kind) {
  const port = parentPort;
  runJob(workerData as Job).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
