import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * A closed-loop order load for tests/bench/postgres-scale-bench.ts: `clients` tablets, each with
 * its own user and kept-alive connection, each sending its next order when the previous answer
 * arrived, with a fresh Idempotency-Key per order (as the outbox sends them). Speaks HTTPS to a
 * proxy (trusting only the given CA, as the scale-out recipe's test does) or plain HTTP to one
 * process on loopback. Unlike load-worker.ts it runs in the bench's own thread: the servers are
 * other processes here, so nothing shares this event loop but the client.
 */
export interface OrderTarget {
  /** 'https://127.0.0.1:port' (with `ca`) or 'http://127.0.0.1:port'. */
  origin: string;
  ca?: string;
  /** The TLS server name and Host the proxy's certificate was made for. */
  serverName?: string;
}

export interface OrderLoad {
  target: OrderTarget;
  /** One token per client (each client is one user). */
  tokens: readonly string[];
  /** The product of the next order (a client's index and its order count). */
  productFor(client: number, sent: number): string;
  department: string;
  total: number;
}

export interface OrderLoadResult {
  latenciesMs: number[];
  statusCounts: Record<string, number>;
  elapsedMs: number;
  ordersPerSecond: number;
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

function send(
  load: OrderLoad,
  agent: HttpAgent | HttpsAgent,
  token: string,
  productId: string,
): Promise<number> {
  const url = new URL(`/api/v1/${load.department}/orders`, load.target.origin);
  if (url.hostname !== '127.0.0.1') throw new Error('the bench only talks to 127.0.0.1');
  const payload = JSON.stringify({ productId, quantity: 1 });
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const options = {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent,
      headers: {
        ...(load.target.serverName ? { host: load.target.serverName } : {}),
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
      ...(secure ? { ca: load.target.ca, servername: load.target.serverName } : {}),
    };
    const req = (secure ? httpsRequest : httpRequest)(options, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export async function runOrderLoad(load: OrderLoad): Promise<OrderLoadResult> {
  const secure = load.target.origin.startsWith('https:');
  const agentOptions = { keepAlive: true, maxSockets: load.tokens.length };
  const agent = secure
    ? new HttpsAgent({ ...agentOptions, ca: load.target.ca })
    : new HttpAgent(agentOptions);
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  let sent = 0;
  const client = async (index: number) => {
    const token = load.tokens[index] ?? '';
    let own = 0;
    while (sent < load.total) {
      sent += 1;
      const productId = load.productFor(index, own);
      own += 1;
      const started = performance.now();
      let status: number;
      try {
        status = await send(load, agent, token, productId);
      } catch {
        status = 0; // the connection failed: counted, not retried (a bench, not a tablet)
      }
      latenciesMs.push(performance.now() - started);
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  try {
    await Promise.all(load.tokens.map((_, index) => client(index)));
  } finally {
    agent.destroy();
  }
  const elapsedMs = performance.now() - started;
  const placed = statusCounts['201'] ?? 0;
  return {
    latenciesMs,
    statusCounts,
    elapsedMs,
    ordersPerSecond: Math.round((placed / elapsedMs) * 1000),
  };
}
