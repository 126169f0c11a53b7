import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
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
import { madeAtHeader } from '../../../domain/audit.ts';
import type { AppContext } from '../../context.ts';
import { insideSharedTransaction, withSharedTransaction } from '../../db/shared-transaction.ts';
import { httpError } from '../../http-errors.ts';
import { idempotencyKeyHeader } from '../../plugins/idempotency.ts';
import { parseInput } from '../../validation.ts';

/**
 * `POST /api/v1/batch`: JSON batching (domain/batch.ts, decision 0006).
 *
 * Each sub-request is replayed into this same app with `app.inject()`, so it runs the very route
 * it would reach alone: same validation, authorization (the batch's own Authorization header,
 * forwarded; never one from the sub-request) and Idempotency-Key record. Only `idempotency-key`,
 * `x-made-at` (audit) and `content-type` are taken from a sub-request's headers.
 *
 * All sub-requests of one batch run in ONE database transaction (server/db/shared-transaction.ts):
 * each in its own savepoint, kept when it answers < 400 and rolled back otherwise, and the
 * transaction commits once at the end (one fsync for the whole batch on SQLite). Every query a
 * sub-request makes on the shared `db` handle is routed into that transaction by async context.
 *
 * Order and stopping: sub-requests run one after another in the given order. A transient answer
 * (408, 429, 5xx) stops the batch: that sub-request's savepoint is rolled back, the earlier ones
 * commit, and every later one is answered 424 without running. Other 4xx answers affect only
 * their own sub-request.
 *
 * Refused per sub-request (the rest of the batch runs): a nested `/batch` (400) and a body type
 * other than JSON (415; multipart uploads are sent alone). Refused for the whole batch (400,
 * nothing runs): a body that does not match the schema (ids, methods, more than 100 requests) and
 * a url that is not a path under /api/v1 (also after resolving `.`/`..` segments). Above 1 MB the
 * batch is refused with 413 before it is parsed. If the database fails outside a sub-request
 * (a savepoint, the COMMIT), the whole batch rolls back and answers 500: the client retries it
 * with the same keys.
 */
const resolveBase = 'http://batch.invalid';
const jsonType = 'application/json';

interface PreparedSubRequest {
  request: BatchSubRequest;
  /** Path and query under /api/v1, normalised as the router will see it. */
  path: string;
  /** Set when the sub-request is refused without being run. */
  refusal?: BatchSubResponse;
}

/**
 * The sub-request url as an absolute path under /api/v1 (with its query), or undefined when it
 * would leave it. The schema has already required a single leading slash; resolving here applies
 * `..`, `%2e%2e` and backslashes exactly as the injected request's URL parser will.
 */
export function resolveSubRequestPath(apiPrefix: string, url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
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

/** Header value by case-insensitive name (a client may send `Idempotency-Key`). */
function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

function isJsonType(contentType: string): boolean {
  const essence = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return essence === jsonType || /^application\/[^/]*\+json$/.test(essence);
}

function prepare(apiPrefix: string, request: BatchSubRequest): PreparedSubRequest {
  const path = resolveSubRequestPath(apiPrefix, request.url);
  if (path === undefined) throw httpError(400, batchMessages.badUrl);
  const pathname = (path.split('?', 1)[0] ?? path).replace(/\/+$/, '');
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Left encoded: the router answers it (404) like any other unknown path.
  }
  if (decoded.toLowerCase() === `${apiPrefix}/batch`) {
    return {
      request,
      path,
      refusal: { id: request.id, status: 400, body: { message: batchMessages.nested } },
    };
  }
  const contentType = headerOf(request.headers, 'content-type');
  if (contentType !== undefined && !isJsonType(contentType)) {
    return {
      request,
      path,
      refusal: {
        id: request.id,
        status: 415,
        body: { message: batchMessages.unsupportedType },
      },
    };
  }
  return { request, path };
}

function responseBody(response: { payload: string; headers: Record<string, unknown> }): unknown {
  if (response.payload === '') return undefined;
  const contentType = response.headers['content-type'];
  if (typeof contentType === 'string' && isJsonType(contentType)) {
    try {
      return JSON.parse(response.payload) as unknown;
    } catch {
      return response.payload;
    }
  }
  // The batch carries JSON API calls; any other answer comes back as its text.
  return response.payload;
}

export async function batchRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db } = options;
  const apiPrefix = app.prefix;

  // Scoped to this plugin: an oversized batch gets the batch's own 413 message; every other
  // error goes on to the app's one error handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: batchMessages.tooLarge });
    }
    throw error;
  });

  async function run(outer: FastifyRequest, sub: PreparedSubRequest): Promise<BatchSubResponse> {
    const { request } = sub;
    const headers: Record<string, string> = {};
    // authenticate (onRequest) has accepted this header, so it is present.
    if (outer.headers.authorization) headers.authorization = outer.headers.authorization;
    const key = headerOf(request.headers, idempotencyKeyHeader);
    if (key !== undefined) headers[idempotencyKeyHeader] = key;
    // When the user made the write on their device: kept beside the server's time in the audit.
    const madeAt = headerOf(request.headers, madeAtHeader);
    if (madeAt !== undefined) headers[madeAtHeader] = madeAt;
    const sendsBody = request.body !== undefined && request.method !== 'GET';
    if (sendsBody) headers['content-type'] = headerOf(request.headers, 'content-type') ?? jsonType;
    const response = await app.inject({
      method: request.method,
      url: sub.path,
      headers,
      remoteAddress: outer.ip,
      ...(sendsBody ? { payload: JSON.stringify(request.body) } : {}),
    });
    return { id: request.id, status: response.statusCode, body: responseBody(response) };
  }

  app.post(
    '/batch',
    // Authenticated before the body is read or parsed.
    { onRequest: app.authenticate, bodyLimit: batchLimits.maxBytes },
    async (request): Promise<BatchResponse> => {
      // A batch reached from inside another batch (e.g. an encoded url) is refused here too.
      if (insideSharedTransaction(db)) throw httpError(400, batchMessages.nested);
      const { requests } = parseInput(batchRequestSchema, request.body);
      const prepared = requests.map((sub) => prepare(apiPrefix, sub));
      const responses: BatchSubResponse[] = [];
      await withSharedTransaction(db, async (tx) => {
        let stopped = false;
        for (const sub of prepared) {
          if (stopped) {
            responses.push({
              id: sub.request.id,
              status: batchDependencyStatus,
              body: { message: batchMessages.notRun },
            });
          } else if (sub.refusal) {
            responses.push(sub.refusal);
          } else {
            // Kept only when it succeeded; a 4xx or 5xx leaves nothing behind.
            const response = await tx.step(
              () => run(request, sub),
              (answer) => answer.status < 400,
            );
            responses.push(response);
            stopped = isTransientStatus(response.status);
          }
        }
      });
      return { responses };
    },
  );
}
