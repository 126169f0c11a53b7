import type { FastifyBaseLogger } from 'fastify';
import { madeAtHeader } from '../../../domain/audit.ts';
import { unsafeInputReason } from '../../../domain/safe-input.ts';
import type { BatchSubRequest, BatchSubResponse } from '../../../domain/batch.ts';
import { errorAnswer } from '../../error-answer.ts';
import { httpError } from '../../http-errors.ts';
import { assertAccess, type AuthUser } from '../../plugins/auth.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../plugins/idempotency-key.ts';
import {
  answerWrite,
  withErrorField,
  type RegisteredWriteRoute,
} from '../../plugins/write-routes.ts';
import { auditContextFor } from '../audit/public.ts';

/** Header value by case-insensitive name (a client may send `Idempotency-Key`). */
export function headerOf(
  headers: Record<string, string> | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

export interface SubRequestCall {
  request: BatchSubRequest;
  /** The route it names and the decoded path parameters. */
  entry: RegisteredWriteRoute;
  params: Record<string, string>;
  /** Its path under /api/v1 as the client wrote it, normalised (with its query). */
  url: string;
  query: Record<string, string>;
}

/**
 * One sub-request of POST /batch through its write route, in the order the REST route takes the
 * same steps (server/plugins/write-routes.ts): the edge check of its input (input-guard), the
 * access rule, the route's parse, the Idempotency-Key, then `run` in one transaction with the key's
 * record. Every failure becomes the answer the REST route gives (errorAnswer), never an exception.
 */
export async function runSubRequest(
  call: SubRequestCall,
  user: AuthUser,
  log: FastifyBaseLogger,
): Promise<BatchSubResponse> {
  const { request, entry, params } = call;
  const { route } = entry;
  try {
    const unsafe =
      unsafeInputReason(params) ?? unsafeInputReason(call.query) ?? unsafeInputReason(request.body);
    if (unsafe !== undefined) throw httpError(400, unsafe);
    assertAccess(log, user, route.access);
    const input = route.parse(params, request.body);
    const hashSource = route.hashSource ? route.hashSource(params, request.body) : request.body;
    const answer = await answerWrite(
      {
        db: entry.db,
        userId: user.id,
        key: parseIdempotencyKey(headerOf(request.headers, idempotencyKeyHeader)),
        method: request.method,
        url: call.url,
        hashSource,
        log,
      },
      route,
      input,
      auditContextFor(user, headerOf(request.headers, madeAtHeader)),
    );
    return { id: request.id, status: answer.statusCode, body: answer.body };
  } catch (error) {
    const answer = errorAnswer(error, log);
    const body = route.echoMessageAsError ? withErrorField(answer.body) : answer.body;
    return { id: request.id, status: answer.statusCode, body };
  }
}
