import ky, { HTTPError, type KyInstance } from 'ky';
import { sampleServerClock } from '../sync/server-clock.ts';
import { apiBase } from './api-base.ts';

/**
 * The one HTTP client of the PWA, for `/api/v1`. Used by the sync engine (src/sync/) and by
 * online-only screens (login, reports, stats). Screens that must work offline never call it.
 * No automatic retries: the sync engine owns retry and backoff, and login must not be repeated.
 */

export function createApiClient(
  options: { baseUrl?: string; timeoutMs?: number } = {},
): KyInstance {
  return ky.create({
    prefix: options.baseUrl ?? apiBase,
    retry: 0,
    timeout: options.timeoutMs ?? 15_000,
    // The sign-in answer is the first to tell a new device the server's time (decision 0026).
    fetch: sampleServerClock((input, init) => globalThis.fetch(input, init)),
  });
}

export const apiClient = createApiClient();

/** The server's `{message}` from a failed response, or undefined when the body has none. */
export async function serverMessageOf(error: unknown): Promise<string | undefined> {
  if (!(error instanceof HTTPError)) return undefined;
  // ky 2 consumes the body into `error.data` (parsed JSON when the response is JSON).
  const data: unknown = error.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  if (data !== undefined) return undefined;
  try {
    const body: unknown = await error.response.clone().json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: no server message to show.
  }
  return undefined;
}
