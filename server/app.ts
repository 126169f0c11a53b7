import { existsSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { sql } from 'kysely';
import type { AppContext, RouteEntry } from './context.ts';
import { errorAnswer, malformedUrlMessage, notFoundMessage } from './error-answer.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { batchRoutes } from './modules/batch/routes.ts';
import { bulkUploadRoutes } from './modules/bulk-upload/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { printingRoutes } from './modules/printing/routes.ts';
import { productsRoutes } from './modules/products/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { revenueRoutes } from './modules/revenue/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { ownPasswordRoutes } from './modules/users/own-password.ts';
import { stockCountsRoutes } from './modules/stock-counts/routes.ts';
import { salesRoutes } from './modules/sales/routes.ts';
import { deliveriesRoutes } from './modules/deliveries/routes.ts';
import { transfersRoutes } from './modules/transfers/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { securityHeaders } from './plugins/api-headers.ts';
import { guardInput } from './plugins/input-guard.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDurableAnswers } from './plugins/durable-answers.ts';
import { registerHttpsRedirect } from './plugins/https-redirect.ts';
import { serverStatusRoutes, type BackupStatusSource } from './modules/server-status/routes.ts';
import { trustRoutes } from './modules/trust/routes.ts';
import { tlsOff, type TlsInfo } from './tls/tls-info.ts';
import type { RegisteredWriteRoute } from './plugins/write-routes.ts';

export const apiPrefix = '/api/v1';
export const jsonBodyLimit = 1024 * 1024;
export const defaultStaticDir = fileURLToPath(new URL('../dist/', import.meta.url));

export interface BuildAppOptions extends AppContext {
  /** The built PWA; served with an SPA fallback when it holds index.html. Default: ./dist. */
  staticDir?: string;
  /**
   * The HTTPS the server runs (main.ts; decision 0022): plain-HTTP requests to LAN names are
   * redirected to it, and /trust and Settings → Tablets describe it. Default: none (TLS off).
   */
  tls?: TlsInfo;
  /** The daily backups (main.ts, SQLite only), for Settings. Default: none. */
  backups?: BackupStatusSource;
  /** Where log lines go (default: standard output); tests read them. */
  logStream?: { write(line: string): void };
  /** The feature modules (default: `featureModules`); a test adds a made-up module to them. */
  modules?: readonly FastifyPluginAsync<AppContext>[];
}

const databaseUnavailable = 'The database does not answer';

async function healthRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  // For load balancers and the PWA's reachability probe: 200 only when the database answers.
  app.get('/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(options.db);
    } catch (error) {
      request.log.error({ err: error }, 'health: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', message: databaseUnavailable });
    }
    return { status: 'ok' };
  });
}

// ─── Feature modules ──────────────────────────────────────────────────────────────────────────
// Each is a Fastify plugin `(app, options: AppContext) => Promise<void>` registered under
// /api/v1. Add ONE line per module here: the server's only registry (decision 0032; a module's
// tables come from its migration file and its own tables.ts).
export const featureModules: readonly FastifyPluginAsync<AppContext>[] = [
  healthRoutes,
  usersRoutes,
  productsRoutes,
  ordersRoutes,
  printingRoutes,
  transfersRoutes,
  stockCountsRoutes,
  salesRoutes,
  deliveriesRoutes,
  contactRoutes,
  batchRoutes,
  statsRoutes,
  auditRoutes,
  revenueRoutes,
  reportsRoutes,
  settingsRoutes,
  ownPasswordRoutes,
  supportRoutes,
  bulkUploadRoutes,
];
// ──────────────────────────────────────────────────────────────────────────────────────────────

const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // 'wasm-unsafe-eval' lets the barcode scanner compile its WebAssembly (our own .wasm, served
    // from /assets); it does not allow eval() of JavaScript.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    // Chakra UI (emotion) injects <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
};

/** The one error answer (server/error-answer.ts). */
function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const answer = errorAnswer(error, request.log);
  if (answer.headers) void reply.headers(answer.headers);
  void reply.code(answer.statusCode).send(answer.body);
}

/**
 * What a request log line says about the request: method, path without its query string (a
 * query may carry search terms or, by mistake, a token) and the client address. Headers, and so
 * tokens, are never logged.
 */
export function requestForLog(request: FastifyRequest): Record<string, string> {
  return {
    method: request.method,
    url: request.url.split('?', 1)[0] ?? '',
    remoteAddress: request.ip,
  };
}

function looksLikeFile(path: string): boolean {
  return path.startsWith('/assets/') || extname(path) !== '';
}

/**
 * Builds the HTTP app: security headers, JSON body limit, one error handler, auth, the feature
 * modules under /api/v1 and, when the PWA is built, the static files with an SPA fallback.
 * Migrations and the admin bootstrap run before this (main.ts).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, dialect, clock } = options;
  const context: AppContext = { config, db, dialect, clock };
  const staticDir = options.staticDir ?? defaultStaticDir;
  const serveStatic = existsSync(join(staticDir, 'index.html'));

  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: jsonBodyLimit,
    trustProxy: config.trustProxy,
    // maxParamLength counts the percent-encoded segment: a barcode of the longest accepted length
    // (128 characters, up to 4 UTF-8 bytes each, 3 characters per encoded byte) must reach its
    // route, which answers 400 past 128 instead of the router's bare 404 past 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // A path that is not valid percent-encoded UTF-8: the app's own {message}, never the path.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      void reply
        .code(badUrl ? 400 : (error.statusCode ?? 400))
        .send({ message: badUrl ? malformedUrlMessage : 'Bad request' });
    },
  });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  // Every route as registered: the authorization matrix test walks it, so a new route without a
  // declared access rule fails that test instead of shipping unchecked.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  // The write routes a tablet queues (server/plugins/write-routes.ts): what POST /batch runs.
  app.decorate('writeRoutes', [] as RegisteredWriteRoute[]);
  app.addHook('onRoute', (route) => {
    const rateLimited =
      (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined;
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, rateLimited });
    }
  });

  // First of all hooks: every request runs in a commit scope, and its answer waits once for what
  // it wrote or read to be durable (server/plugins/durable-answers.ts).
  registerDurableAnswers(app);

  // Plain HTTP only at loopback names; LAN names go to HTTPS (server/plugins/https-redirect.ts).
  const tls = options.tls ?? tlsOff;
  registerHttpsRedirect(app, tls);

  // The API speaks JSON (and multipart where a module registers it); text/plain bodies get 415.
  app.removeContentTypeParser('text/plain');

  // gzip for API JSON (a 10,000-product pull shrinks about tenfold on slow links); the built PWA
  // is served from precompressed siblings, which this plugin leaves alone.
  await app.register(compress, { encodings: ['gzip'], threshold: 1024 });
  // helmet's full set for HTML/static answers and a lean set for /api, computed once here
  // (server/plugins/api-headers.ts).
  await app.register(securityHeaders, {
    // X-Frame-Options says what the CSP's frame-ancestors 'none' says, for older browsers.
    helmet: { contentSecurityPolicy, frameguard: { action: 'deny' } },
  });
  // Limits are per route (`config.rateLimit`) or through app.createRateLimit; nothing global.
  // Counted in the database, so all API processes on it share the limits.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  registerAuth(app, { db, jwtSecret: config.jwtSecret, tokenTtlSeconds: config.tokenTtlSeconds });

  app.setErrorHandler(handleError);
  app.addHook('preValidation', guardInput);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    // SPA fallback: client routes such as /hardware/orders load index.html; missing files do not.
    if (serveStatic && !isApi && isRead && (wantsHtml || !looksLikeFile(path))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
    }
    return reply.code(404).send({ message: notFoundMessage });
  });

  for (const featureModule of options.modules ?? featureModules) {
    await app.register(featureModule, { prefix: apiPrefix, ...context });
  }
  await app.register(serverStatusRoutes, {
    prefix: apiPrefix,
    tls,
    backups: options.backups,
    httpPort: config.port,
    dialect,
  });
  // The tablet setup page lives outside /api: a tablet opens it before it has the app.
  await app.register(trustRoutes, { tls });

  if (serveStatic) {
    const assetsDir = join(staticDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      cacheControl: false,
      // dist/ holds .br/.gz siblings written at build time (scripts/precompress-plugin.ts).
      preCompressed: true,
      // Hashed build output never changes; everything else (index.html, sw.js, manifest) must be
      // revalidated so a new release reaches installed tablets.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  return app;
}
