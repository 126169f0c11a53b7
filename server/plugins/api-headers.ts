import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Lean response headers for the JSON API. Helmet (server/app.ts) sets about a dozen headers meant
 * for HTML documents on every answer; a JSON answer only needs the ones that matter when a
 * browser could render or embed it. For /api/* this keeps content-type, content-length or
 * content-encoding, etag/vary where the route set them and:
 *
 * - `x-content-type-options: nosniff` (helmet's, kept), so JSON is never sniffed as HTML/script;
 * - a short `content-security-policy: default-src 'none'; frame-ancestors 'none'` instead of the
 *   PWA's policy: a JSON answer opened as a document may load nothing and be framed by nobody;
 * - `cache-control: no-store`, or `no-cache` when the answer has an ETag (revalidate, then reuse),
 *   unless the route chose its own (images: long-lived).
 *
 * Every other helmet header is dropped on /api/* only; HTML and static answers keep the full set.
 * Runs as an onSend hook, after helmet's onRequest hook has set its headers.
 */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Helmet's headers that only mean something for HTML documents. */
export const htmlOnlyHeaders = [
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

async function leanApiHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!isApiPath(request.url)) return payload;
  for (const name of htmlOnlyHeaders) reply.removeHeader(name);
  reply.header('content-security-policy', apiContentSecurityPolicy);
  reply.header('x-content-type-options', 'nosniff');
  if (!reply.hasHeader('cache-control')) {
    reply.header('cache-control', reply.hasHeader('etag') ? 'no-cache' : 'no-store');
  }
  return payload;
}

/** Registered once on the root app, after helmet (not encapsulated: applies to every route). */
export async function apiHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', leanApiHeaders);
}
Object.assign(apiHeaders, { [Symbol.for('skip-override')]: true });
