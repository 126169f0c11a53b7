import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { createPatchedListCache, type PatchedListCache } from './patched-list-cache.ts';

const gzip = promisify(gzipCallback);

/**
 * Cache of whole-list bodies for the plain GET of a mirrored list (`GET /{dept}/products`,
 * `/{dept}/orders`, `/printing/orders`): the JSON array serialized once and gzipped once per list version, instead of
 * a query, a JSON.stringify and a gzip of several megabytes on every request.
 *
 * - Keyed by (department, list); one entry per key, holding one version. A request that read a
 *   newer version replaces the entry; a request that read an older version than the entry's is
 *   served the entry (it is at least as fresh as what it asked for). So memory is bounded by the
 *   number of departments × lists, two bodies each (identity and gzip).
 * - The entry holds a promise: concurrent requests for the same version share one computation.
 *   A failed computation is dropped, so the next request tries again.
 * - Per process and per app (each buildApp has its own cache). Correct only if the version is
 *   read before the rows the body is built from (serve-list.ts listVersion); then a body
 *   labelled with version v holds at least every change counted in v.
 */
export interface ListBody {
  version: number;
  /** The JSON array as sent without content-encoding. */
  identity: Buffer;
  /** The same bytes gzipped. */
  gzip: Buffer;
}

export interface ListCache {
  /**
   * The body for `key` at `version` or newer; `build` (the JSON text) runs only when no entry of
   * that version or a newer one exists or is being built.
   */
  get(key: string, version: number, build: () => Promise<string>): Promise<ListBody>;
  /**
   * Bodies of the lists that are read page by page in a fixed order (ListSource.page): patched
   * for a change of a few rows instead of rebuilt (patched-list-cache.ts, decision 0034).
   */
  patched: PatchedListCache;
}

interface Entry {
  version: number;
  body: Promise<ListBody>;
}

async function compute(version: number, build: () => Promise<string>): Promise<ListBody> {
  const identity = Buffer.from(await build(), 'utf8');
  return { version, identity, gzip: await gzip(identity) };
}

export function createListCache(): ListCache {
  const entries = new Map<string, Entry>();
  return {
    patched: createPatchedListCache(),
    get(key, version, build) {
      const current = entries.get(key);
      if (current && current.version >= version) return current.body;
      const entry: Entry = { version, body: compute(version, build) };
      entries.set(key, entry);
      entry.body.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.body;
    },
  };
}

/** Bodies smaller than this are sent as they are (as @fastify/compress's threshold in app.ts). */
export const gzipThreshold = 1024;

/**
 * A JSON text as it should go out: gzipped (in the libuv thread pool, so a 300 kB page does not
 * block the event loop the way @fastify/compress's synchronous gzip does) when the client accepts
 * gzip and the text is large enough, else as it is. The caller sets `content-encoding` when
 * `gzipped` is true; @fastify/compress then leaves the reply alone.
 */
export async function encodeJson(
  text: string,
  acceptEncoding: string | string[] | undefined,
): Promise<{ body: Buffer; gzipped: boolean }> {
  const identity = Buffer.from(text, 'utf8');
  if (identity.byteLength < gzipThreshold || !acceptsGzip(acceptEncoding)) {
    return { body: identity, gzipped: false };
  }
  return { body: await gzip(identity), gzipped: true };
}

/** True when an Accept-Encoding header allows gzip (gzip, x-gzip or *, with q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzipQuality: number | undefined;
  let anyQuality: number | undefined;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2));
    const q = Number.isFinite(quality) ? quality : 0;
    if (name === 'gzip' || name === 'x-gzip') gzipQuality = Math.max(gzipQuality ?? 0, q);
    else if (name === '*') anyQuality = q;
  }
  return (gzipQuality ?? anyQuality ?? 0) > 0;
}
