import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers, computed once at start-up instead of on every request.
 *
 * HTML and static answers (everything outside /api) get helmet's full header set for the app's
 * configuration (server/app.ts), set in onRequest as @fastify/helmet did. @fastify/helmet built a
 * new `helmet(config)` middleware, and with it the CSP string, on every request, API answers
 * included; here helmet's middleware runs once against a recording response (`helmetHeaders`)
 * and the result is reused.
 *
 * JSON API answers (/api/*) only get the headers that matter when a browser could render or
 * embed them; they keep content-type, content-length or content-encoding and etag/vary where the
 * route set them, plus:
 *
 * - `x-content-type-options: nosniff`, so JSON is never sniffed as HTML/script;
 * - a short `content-security-policy: default-src 'none'; frame-ancestors 'none'; sandbox` instead
 *   of the PWA's policy: a JSON answer or an image opened as a document may load nothing, run
 *   nothing and be framed by nobody;
 * - `cache-control: no-store`, or `no-cache` when the answer has an ETag (revalidate, then reuse),
 *   unless the route chose its own (images: long-lived).
 *
 * None of helmet's HTML-only headers (`htmlOnlyHeaders`) is ever set on an /api answer.
 *
 * `strict-transport-security` goes on every answer that travelled over HTTPS (directly, or
 * through a trusted proxy that says so), pages and API alike, and on none that did not: a
 * browser ignores it over plain HTTP, and RFC 6797 says not to send it there.
 */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * What the PWA's pages may use: the camera for barcode scanning on our own origin, nothing else
 * a page could be tricked into asking for (helmet sets no Permissions-Policy).
 */
export const permissionsPolicy =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()';

/** Helmet's headers that only mean something for HTML documents (never sent on /api/*). */
export const htmlOnlyHeaders = [
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export interface SecurityHeadersOptions {
  /** helmet's configuration for HTML and static answers. */
  helmet: HelmetOptions;
}

/**
 * The headers helmet's middleware sets for `options` (lower-case names). Throws for a
 * configuration whose values depend on the request (a CSP directive given as a function, or
 * nonces): such headers cannot be computed once.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  if (csp && typeof csp === 'object') {
    for (const value of Object.values(csp.directives ?? {})) {
      const entries: unknown[] = Array.isArray(value) ? value : [value];
      if (entries.some((entry) => typeof entry === 'function')) {
        throw new Error('Per-request CSP directives cannot be precomputed');
      }
    }
  }
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  // The middleware only calls setHeader/removeHeader on the response and next() synchronously.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

// Callback-style hooks: they run on every request, and an async hook costs a promise each.
function leanApiHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  if (isApiPath(request.url)) {
    reply.header('content-security-policy', apiContentSecurityPolicy);
    reply.header('x-content-type-options', 'nosniff');
    // The server's clock to the millisecond: tablets estimate the server's time from their
    // answers (src/sync/server-clock.ts, decision 0026), and the Date header's whole seconds left
    // a count's moment up to a second off, enough to misjudge a sale made just before it.
    reply.header('x-server-time', String(Date.now()));
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', reply.hasHeader('etag') ? 'no-cache' : 'no-store');
    }
  }
  done(null, payload);
}

/** Registered once on the root app (not encapsulated: applies to every route and the 404s). */
export async function securityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const pageHeaders = Object.entries(helmetHeaders(options.helmet));
  const hsts = pageHeaders.find(([name]) => name === 'strict-transport-security')?.[1];
  const html: [string, string][] = [
    ...pageHeaders.filter(([name]) => name !== 'strict-transport-security'),
    ['permissions-policy', permissionsPolicy],
  ];
  app.addHook('onRequest', (request, reply, done: HookHandlerDoneFunction) => {
    if (!isApiPath(request.url)) {
      for (const [name, value] of html) reply.header(name, value);
    }
    if (hsts !== undefined && request.protocol === 'https') {
      reply.header('strict-transport-security', hsts);
    }
    done();
  });
  app.addHook('onSend', leanApiHeaders);
}
Object.assign(securityHeaders, { [Symbol.for('skip-override')]: true });
