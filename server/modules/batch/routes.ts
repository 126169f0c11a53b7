import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import {
  batchDependencyStatus,
  batchLimits,
  batchMessages,
  batchRequestSchema,
  isTransientStatus,
  type BatchResponse,
  type BatchSubRequest,
  type BatchSubResponse,
} from '../../../domain/batch.ts';
import { unsafeInputReason } from '../../../domain/safe-input.ts';
import { createConcurrencyLimit, LimitExceeded } from '../../concurrency-limit.ts';
import { DeferredCommits } from '../../db/group-commit.ts';
import { malformedUrlMessage, notFoundMessage } from '../../error-answer.ts';
import { httpError } from '../../http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';
import { createRouteMatcher, type RouteMatch } from './match-route.ts';
import { headerOf, runSubRequest, type SubRequestCall } from './run-sub-request.ts';

/**
 * `POST /api/v1/batch`: JSON batching (domain/batch.ts; decisions 0006 and 0021).
 *
 * Only declared write routes (server/plugins/write-routes.ts: orders, products, print jobs,
 * transfers, stock counts) run inside a batch, each through its route's own access rule, parse,
 * Idempotency-Key record and transaction, called directly (run-sub-request.ts). The batch's user
 * is looked up once, when the batch is authenticated. Anything else is answered 400 for that
 * sub-request and never runs: a login, a password change, a report, a read, `/batch` itself.
 *
 * Each sub-request is its own transaction, as when sent alone: the batch holds no connection and
 * no transaction between them, so other users' requests interleave with it. On SQLite the
 * transactions join the same group commits as every other request (decision 0010) without
 * waiting for each COMMIT (DeferredCommits); the batch answers only once all of its writes are
 * durable, and a sub-request whose write was lost with a failed COMMIT is answered 503 (sent
 * again with the same key). On PostgreSQL each sub-request commits durably before the next.
 *
 * Order and stopping: sub-requests run one after another in the given order. A transient answer
 * (408, 429, 5xx) stops the batch: every later sub-request is answered 424 without running.
 * Other 4xx answers affect only their own sub-request. A long batch lets other requests in
 * between its sub-requests every few milliseconds.
 *
 * Refused for the whole batch (400, nothing runs): a body that does not match the schema (ids,
 * methods, more than 100 requests), a url that is not a path under /api/v1 (also after resolving
 * `.`/`..` segments) and characters no request may carry outside the sub-request bodies. Above
 * 1 MB the batch is refused with 413 before it is parsed.
 */
const resolveBase = 'http://batch.invalid';
/** Segments of letters, digits, '-', '_' and '~' (no dot, percent, backslash or query). */
const plainPath = /^(?:\/[A-Za-z0-9_~-]+)+\/?$/;
const jsonType = 'application/json';
/** A batch gives way to other requests after running this long without a break. */
const sliceMs = 1;

type Prepared = { request: BatchSubRequest } & (
  { call: SubRequestCall } | { refusal: BatchSubResponse }
);

/**
 * The sub-request url as an absolute path under /api/v1 (with its query), or undefined when it
 * would leave it. The schema has already required a single leading slash; resolving here applies
 * `..`, `%2e%2e` and backslashes exactly as a browser's (and the router's) URL parser would.
 */
export function resolveSubRequestPath(apiPrefix: string, url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  // The common case, a plain path such as /hardware/orders/<uuid>, is already what the URL
  // parser would make of it: nothing to resolve.
  if (plainPath.test(url)) return `${apiPrefix}${url}`;
  let resolved: URL;
  try {
    resolved = new URL(`${apiPrefix}${url}`, resolveBase);
  } catch {
    return undefined;
  }
  if (resolved.origin !== resolveBase || !resolved.pathname.startsWith(`${apiPrefix}/`)) {
    return undefined;
  }
  return `${resolved.pathname}${resolved.search}`;
}

function isJsonType(contentType: string): boolean {
  const essence = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return essence === jsonType || /^application\/[^/]*\+json$/.test(essence);
}

function refusal(request: BatchSubRequest, status: number, message: string): Prepared {
  return { request, refusal: { id: request.id, status, body: { message } } };
}

function prepare(
  apiPrefix: string,
  match: (method: string, pathname: string) => RouteMatch,
  request: BatchSubRequest,
): Prepared {
  const url = resolveSubRequestPath(apiPrefix, request.url);
  if (url === undefined) throw httpError(400, batchMessages.badUrl);
  const [pathname = url, search = ''] = url.split('?', 2);
  let decoded = pathname;
  try {
    if (pathname.includes('%')) decoded = decodeURIComponent(pathname);
  } catch {
    // Left encoded: the matcher answers it.
  }
  if (decoded.replace(/\/+$/, '').toLowerCase() === `${apiPrefix}/batch`) {
    return refusal(request, 400, batchMessages.nested);
  }
  const contentType = headerOf(request.headers, 'content-type');
  if (contentType !== undefined && !isJsonType(contentType)) {
    return refusal(request, 415, batchMessages.unsupportedType);
  }
  const found = match(request.method, pathname);
  switch (found.kind) {
    case 'bad-url':
      return refusal(request, 400, malformedUrlMessage);
    case 'none':
      return refusal(request, 404, notFoundMessage);
    case 'not-batchable':
      return refusal(request, 400, batchMessages.notBatchable);
    case 'write':
      return {
        request,
        call: {
          request,
          entry: found.entry,
          params: found.params,
          url,
          query: search === '' ? {} : Object.fromEntries(new URLSearchParams(search)),
        },
      };
  }
}

const notRun = (request: BatchSubRequest): BatchSubResponse => ({
  id: request.id,
  status: batchDependencyStatus,
  body: { message: batchMessages.notRun },
});

const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Batches applied at once per process; the others wait their turn without holding anything.
 * A batch is a tablet catching up in the background, so interactive requests come first: on
 * SQLite one thread does all the work and two batches already keep it busy (more would only
 * lengthen every turn of the event loop), and on PostgreSQL four leave most of the pool of ten
 * connections to everyone else.
 */
const concurrentBatches = { sqlite: 2, postgres: 4 } as const;
/** Batches waiting for their turn before more are refused with 503 and Retry-After. */
const waitingBatches = 200;

interface Ran {
  responses: BatchSubResponse[];
  /** Per sub-request: settles when its writes are durable (undefined when it did not run). */
  durable: (Promise<void> | undefined)[];
}

/** Runs the prepared sub-requests one after another, each in the batch's commit scope. */
async function runInOrder(
  prepared: readonly Prepared[],
  commits: DeferredCommits,
  user: AuthUser,
  log: FastifyBaseLogger,
): Promise<Ran> {
  const responses: BatchSubResponse[] = [];
  const durable: (Promise<void> | undefined)[] = [];
  let stopped = false;
  let sliceStart = performance.now();
  for (const sub of prepared) {
    if (stopped || 'refusal' in sub) {
      responses.push(
        stopped ? notRun(sub.request) : (sub as { refusal: BatchSubResponse }).refusal,
      );
      durable.push(undefined);
      continue;
    }
    if (performance.now() - sliceStart >= sliceMs) {
      await giveWay();
      sliceStart = performance.now();
    }
    const ran = await commits.run(async () => {
      const answer = await runSubRequest(sub.call, user, log);
      // Refused because an earlier write of this batch was lost: that is temporary too.
      return commits.failed && answer.status >= 500
        ? { id: sub.request.id, status: 503, body: { message: batchMessages.notSaved } }
        : answer;
    });
    responses.push(ran.result);
    durable.push(ran.durable);
    stopped = isTransientStatus(ran.result.status);
  }
  return { responses, durable };
}

export async function batchRoutes(app: FastifyInstance): Promise<void> {
  const apiPrefix = app.prefix;
  const turns = createConcurrencyLimit({
    concurrency: concurrentBatches[app.dialect],
    queue: waitingBatches,
  });
  // Built at the first batch, when every route is registered.
  let matcher: ((method: string, pathname: string) => RouteMatch) | undefined;

  // Scoped to this plugin: an oversized batch gets the batch's own 413 message; every other
  // error goes on to the app's one error handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: batchMessages.tooLarge });
    }
    throw error;
  });

  app.post(
    '/batch',
    {
      // Authenticated before the body is read or parsed: the one user lookup of the batch.
      onRequest: app.authenticate,
      bodyLimit: batchLimits.maxBytes,
      // Each sub-request's body gets the edge check on its own (run-sub-request.ts), so one bad
      // body is refused alone, as it would be when sent alone.
      config: { guardsBodyItself: true },
    },
    async (request): Promise<BatchResponse> => {
      const { requests } = parseInput(batchRequestSchema, request.body);
      const envelope = requests.map(({ body: _body, ...rest }) => rest);
      const unsafe = unsafeInputReason(envelope);
      if (unsafe !== undefined) throw httpError(400, unsafe);
      matcher ??= createRouteMatcher(app.routeTable, app.writeRoutes);
      const match = matcher;
      const prepared = requests.map((sub) => prepare(apiPrefix, match, sub));

      let ran: Ran;
      try {
        ran = await turns.run(async () => {
          const commits = new DeferredCommits({ holdGroupsOpen: true });
          try {
            return await runInOrder(prepared, commits, request.user, request.log);
          } finally {
            // Its groups may commit as soon as the connection is idle.
            commits.close();
          }
        });
      } catch (error) {
        if (error instanceof LimitExceeded) {
          throw httpError(503, batchMessages.busy, undefined, { 'retry-after': '2' });
        }
        throw error;
      }
      const { responses, durable } = ran;

      // Nothing is acknowledged before it is durable. A sub-request whose group COMMIT failed
      // left nothing behind: it is answered as a temporary failure and sent again.
      const outcomes = await Promise.allSettled(durable.map((promise) => promise ?? undefined));
      outcomes.forEach((outcome, index) => {
        const response = responses[index];
        if (outcome.status === 'rejected' && response) {
          request.log.error({ err: outcome.reason }, 'batch: a write was not saved');
          responses[index] = {
            id: response.id,
            status: 503,
            body: { message: batchMessages.notSaved },
          };
        }
      });
      return { responses };
    },
  );
}
