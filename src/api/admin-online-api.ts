import { HTTPError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { apiClient, serverMessageOf } from './client.ts';

/**
 * The admin screens' calls to the API (users, dashboard, reports, revenue, settings, support):
 * online only, nothing queued or cached by the sync engine. Every call answers a result instead of
 * throwing, so a screen can say exactly why it failed and keep what the admin typed. Named
 * `admin-*` so the bundler keeps it in the admin chunks the service worker does not precache
 * (vite.config.ts); staff code must never import it.
 */

/**
 * Why a call failed: the server could not be reached ('network'), it answered with an error
 * ('http', with its `{message}` when it sent one), or it answered with a body of the wrong shape.
 */
export type OnlineFailure =
  | { ok: false; reason: 'network' }
  | { ok: false; reason: 'http'; status: number; message?: string }
  | { ok: false; reason: 'invalid-response' };

export type OnlineResult<T> = { ok: true; value: T } | OnlineFailure;

// Gateway errors without a body come from a proxy or an offline service worker, not our server.
const gatewayStatuses = new Set([502, 503, 504]);

export async function failureOf(error: unknown): Promise<OnlineFailure> {
  if (error instanceof HTTPError) {
    const message = await serverMessageOf(error);
    const status = error.response.status;
    if (message === undefined && gatewayStatuses.has(status))
      return { ok: false, reason: 'network' };
    return message === undefined
      ? { ok: false, reason: 'http', status }
      : { ok: false, reason: 'http', status, message };
  }
  // A 2xx body that is not JSON (e.g. an HTML page from a misrouted proxy) is a wrong answer.
  if (error instanceof SyntaxError) return { ok: false, reason: 'invalid-response' };
  // Everything else (fetch's TypeError, ky's network and timeout errors, an abort) means the
  // server was not reached.
  return { ok: false, reason: 'network' };
}

/** Runs `send` and checks its answer against `schema`. */
export async function onlineCall<T>(
  schema: z.ZodType<T>,
  send: () => Promise<unknown>,
): Promise<OnlineResult<T>> {
  let body: unknown;
  try {
    body = await send();
  } catch (error) {
    return failureOf(error);
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: 'invalid-response' };
}

export function authorization(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

type SearchParams = Record<string, string | number>;

/** GET `path` (under /api/v1) with the bearer token, its JSON checked against `schema`. */
export function getJson<T>(
  token: string,
  path: string,
  schema: z.ZodType<T>,
  options: { client?: KyInstance; searchParams?: SearchParams } = {},
): Promise<OnlineResult<T>> {
  const client = options.client ?? apiClient;
  const request: Options = { headers: authorization(token) };
  if (options.searchParams) request.searchParams = options.searchParams;
  return onlineCall(schema, () => client.get(path, request).json());
}

/** A JSON write (POST, PUT, PATCH) with the bearer token, its answer checked against `schema`. */
export function sendJson<T>(
  token: string,
  method: 'post' | 'put' | 'patch',
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  client: KyInstance = apiClient,
): Promise<OnlineResult<T>> {
  return onlineCall(schema, () =>
    client[method](path, { headers: authorization(token), json: body }).json(),
  );
}

/**
 * GET a file (a PDF report) as a Blob. A report of many orders takes a while to make, so the
 * timeout is longer than the client's default.
 */
export async function getBlob(
  token: string,
  path: string,
  options: { client?: KyInstance; searchParams?: SearchParams; timeoutMs?: number } = {},
): Promise<OnlineResult<Blob>> {
  const client = options.client ?? apiClient;
  try {
    const response = await client.get(path, {
      headers: authorization(token),
      timeout: options.timeoutMs ?? 120_000,
      ...(options.searchParams ? { searchParams: options.searchParams } : {}),
    });
    return { ok: true, value: await response.blob() };
  } catch (error) {
    return failureOf(error);
  }
}
