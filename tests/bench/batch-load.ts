import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-worker.ts';

/**
 * Latency of other users while batches pour in (issue 22 item 3): `batchClients` clients each
 * send batches of `batchSize` orders, back to back, for as long as the probes run; meanwhile one
 * client places single orders one after another (another user, another product) and another
 * calls /api/v1/health, as a load balancer would. Every client is a load-worker.ts thread, so
 * the measuring side never shares the server's event loop. Used by the API test (generous
 * limits) and by `npm run bench` (the figures).
 */
export interface BatchLoadOptions {
  /** The API base, e.g. http://127.0.0.1:4321/api/v1 (loopback only). */
  base: string;
  batchToken: string;
  batchProductId: string;
  orderToken: string;
  orderProductId: string;
  /** The department both products belong to (default hardware). */
  department?: string;
  batchClients?: number;
  batchSize?: number;
  orderProbes?: number;
  healthProbes?: number;
}

export interface BatchLoadFigures {
  batchClients: number;
  batchSize: number;
  orderP50Ms: number;
  orderP99Ms: number;
  healthP50Ms: number;
  healthP99Ms: number;
  /** Statuses of the probes: every one should have succeeded. */
  orderStatuses: Record<string, number>;
  healthStatuses: Record<string, number>;
  /** Batches answered while the probes ran, and their sub-request statuses. */
  batches: number;
  batchSubStatuses: Record<string, number>;
}

const workerUrl = new URL('./load-worker.ts', import.meta.url);

function start(job: LoadJob): {
  done: Promise<LoadResult>;
  /** Asks for the result of what was sent so far. */
  finish(): Promise<LoadResult>;
  stop(): Promise<void>;
} {
  const worker = new Worker(workerUrl, { workerData: job });
  const done = new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => {
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load worker failed'));
    });
    worker.once('error', reject);
  });
  return {
    done,
    finish: () => {
      worker.postMessage('stop');
      return done;
    },
    stop: async () => {
      await worker.terminate();
    },
  };
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

export async function measureUnderBatchLoad(options: BatchLoadOptions): Promise<BatchLoadFigures> {
  const department = options.department ?? 'hardware';
  const batchClients = options.batchClients ?? 10;
  const batchSize = options.batchSize ?? 100;
  const batchLoad = start({
    url: `${options.base}/batch`,
    method: 'POST',
    headers: { authorization: `Bearer ${options.batchToken}` },
    body: { productId: options.batchProductId, quantity: 1 },
    batch: { size: batchSize, url: `/${department}/orders` },
    // Far more than the probes last: the load is stopped when they are done.
    total: 1_000_000,
    concurrency: batchClients,
  });
  batchLoad.done.catch(() => undefined);
  // The batches are flowing before the first probe.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const orders = start({
    url: `${options.base}/${department}/orders`,
    method: 'POST',
    headers: { authorization: `Bearer ${options.orderToken}`, 'idempotency-key': '{key}' },
    body: { productId: options.orderProductId, quantity: 1 },
    total: options.orderProbes ?? 100,
    concurrency: 1,
  });
  const health = start({
    url: `${options.base}/health`,
    method: 'GET',
    headers: {},
    total: options.healthProbes ?? 200,
    concurrency: 1,
  });
  try {
    const [orderResult, healthResult] = await Promise.all([orders.done, health.done]);
    const batchResult = await batchLoad.finish();
    return {
      batchClients,
      batchSize,
      orderP50Ms: percentile(orderResult.latenciesMs, 0.5),
      orderP99Ms: percentile(orderResult.latenciesMs, 0.99),
      healthP50Ms: percentile(healthResult.latenciesMs, 0.5),
      healthP99Ms: percentile(healthResult.latenciesMs, 0.99),
      orderStatuses: orderResult.statusCounts,
      healthStatuses: healthResult.statusCounts,
      batches: batchResult.latenciesMs.length,
      batchSubStatuses: batchResult.subStatusCounts,
    };
  } finally {
    await Promise.all([batchLoad.stop(), orders.stop(), health.stop()]);
  }
}
