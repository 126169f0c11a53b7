import type { FastifyBaseLogger, FastifyError } from 'fastify';
import { z } from 'zod';
import { isHttpError } from './http-errors.ts';
import { fieldErrors } from './validation.ts';

/** An error as the API answers it: `{ message }` (+ `errors`), the right status, never a stack. */
export interface ErrorAnswer {
  statusCode: number;
  body: { message: string } & Record<string, unknown>;
  headers?: Record<string, string>;
}

export const internalErrorMessage = 'Internal server error';
export const notFoundMessage = 'Not found';
/** A path that is not valid percent-encoded UTF-8; the path itself is never echoed. */
export const malformedUrlMessage = 'The address of this request is not valid';

/**
 * The one mapping from a thrown error to an answer, used by the app's error handler and by each
 * sub-request of POST /batch, so both answer the same failure alike. Unexpected errors are
 * logged and answered 500 without their text.
 */
export function errorAnswer(error: unknown, log: FastifyBaseLogger): ErrorAnswer {
  const { answer, unexpected } = answerOf(error);
  if (unexpected) log.error({ err: error }, 'request failed');
  return answer;
}

/**
 * Whether `error` is the server's fault, answered 5xx: a caller that answers something else in
 * its place (a 401 for a session that ended meanwhile) logs it itself.
 */
export function isServerFault(error: unknown): boolean {
  return answerOf(error).answer.statusCode >= 500;
}

/** The answer, and whether the error was unexpected (errorAnswer logs those). */
function answerOf(error: unknown): { answer: ErrorAnswer; unexpected: boolean } {
  if (isHttpError(error)) {
    const answer = {
      statusCode: error.statusCode,
      body: { ...error.extra, message: error.message },
      ...(error.headers ? { headers: error.headers } : {}),
    };
    return { answer, unexpected: false };
  }
  if (error instanceof z.ZodError) {
    const errors = fieldErrors(error.issues);
    const message = errors[0]?.message ?? 'Invalid request';
    return { answer: { statusCode: 400, body: { message, errors } }, unexpected: false };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    let message = fastifyError?.message || 'Bad request';
    if (fastifyError?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      message = 'Malformed JSON in request body';
    } else if (fastifyError?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      message = 'Unsupported media type';
    } else if (fastifyError?.validation) {
      message = fastifyError.message ?? 'Invalid request';
    }
    return { answer: { statusCode: status, body: { message } }, unexpected: false };
  }
  const statusCode = typeof status === 'number' && status >= 500 ? status : 500;
  return { answer: { statusCode, body: { message: internalErrorMessage } }, unexpected: true };
}
