/**
 * The durability bench's clients (durability-bench.ts): the load of single orders that the kill
 * cuts, and the re-sends after the restart, each with its Idempotency-Key as the outbox sends it.
 */
const department = 'hardware';

/** Runs `work` over `items` with at most `limit` running at once. */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

export interface LoadOutcome {
  /** Key → order id of every 201. */
  acknowledged: Map<string, string>;
  /** Keys sent without a 201 answer. */
  unacknowledged: string[];
  sent: number;
  otherStatuses: Record<string, number>;
  /** Failures before the kill was decided (none expected). */
  earlyErrors: string[];
}

/** `clients` loops placing one order at a time until `control.stopping`; each key used once. */
export async function placeOrdersUntil(
  base: string,
  headers: Record<string, string>,
  body: string,
  clients: number,
  keyPrefix: string,
  control: { stopping: boolean },
): Promise<LoadOutcome> {
  const acknowledged = new Map<string, string>();
  const unanswered = new Set<string>();
  const otherStatuses: Record<string, number> = {};
  const earlyErrors: string[] = [];
  let sent = 0;
  const client = async (index: number) => {
    for (let n = 0; !control.stopping; n += 1) {
      const key = `${keyPrefix}-c${index}-${n}`;
      unanswered.add(key);
      sent += 1;
      try {
        const answer = await sendOrder(base, headers, body, key);
        if (answer.status !== 201) {
          otherStatuses[answer.status] = (otherStatuses[answer.status] ?? 0) + 1;
          continue;
        }
        if (answer.orderId === undefined) throw new Error(`201 without an order id (${key})`);
        acknowledged.set(key, answer.orderId);
        unanswered.delete(key);
      } catch (error) {
        // The connection died with the server: this request's outcome is unknown to the client.
        if (!control.stopping) earlyErrors.push(`${key}: ${String(error)}`);
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return { acknowledged, unacknowledged: [...unanswered], sent, otherStatuses, earlyErrors };
}

export interface OrderAnswer {
  status: number;
  orderId: string | undefined;
  replayed: boolean;
}

/** One order with its Idempotency-Key: the load's requests and the re-sends after a restart. */
export async function sendOrder(
  base: string,
  headers: Record<string, string>,
  body: string,
  key: string,
): Promise<OrderAnswer> {
  const response = await fetch(`${base}/${department}/orders`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': key },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let orderId: string | undefined;
  if (response.status === 201) {
    const order = JSON.parse(text) as { _id?: unknown };
    if (typeof order._id === 'string') orderId = order._id;
  }
  return {
    status: response.status,
    orderId,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}
