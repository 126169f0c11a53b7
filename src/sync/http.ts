import ky, { type KyInstance } from 'ky';
import { apiBase } from '../api/api-base.ts';
import { sampleServerClock } from './server-clock.ts';

/**
 * The HTTP side of the sync engine. `fetch` is the network boundary tests replace. HTTP errors do
 * not throw: the flusher classifies every status itself (domain/outbox.ts `classifyStatus`), and
 * ky never retries on its own (the outbox owns retries, with the same Idempotency-Key).
 */
export interface SyncTransport {
  /** The fetch used for every request; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Base of the API, default `/api/v1` (absolute in tests and where there is no page origin). */
  baseUrl?: string;
  /** Per-request timeout; a timeout is an unknown outcome and is retried with the same key. */
  timeoutMs?: number;
}

export function createSyncClient(transport: SyncTransport = {}): KyInstance {
  const boundFetch =
    transport.fetch ??
    ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  return ky.create({
    prefix: transport.baseUrl ?? apiBase,
    retry: 0,
    timeout: transport.timeoutMs ?? 20_000,
    throwHttpErrors: false,
    // Every answer tells the server's time (server-clock.ts); test fakes without Date add none.
    fetch: sampleServerClock(boundFetch),
  });
}

/** The response body as JSON, or undefined when it is empty or not JSON. */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's `{message}` text, if any. */
export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message;
  return undefined;
}

/** A short description of a thrown network/timeout error for `lastError`. */
export function describeError(error: unknown): string {
  if (error instanceof Error)
    return error.name === 'Error' ? error.message : `${error.name}: ${error.message}`;
  return String(error);
}

/** The cheap endpoint a waiting queue probes: any 2xx means the server answers again. */
export const probePath = 'health';

/**
 * True when the server answers the probe (HEAD /api/v1/health: headers only, no body). A network
 * error, a timeout or a 5xx (the server is up but cannot serve) is false.
 */
export async function probeServer(transport: SyncTransport = {}): Promise<boolean> {
  try {
    const response = await createSyncClient({ ...transport, timeoutMs: 5_000 })(probePath, {
      method: 'HEAD',
    });
    return response.ok;
  } catch {
    return false;
  }
}
