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
  if (isHttpError(error)) {
    return {
      statusCode: error.statusCode,
      body: { ...error.extra, message: error.message },
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (error instanceof z.ZodError) {
    const errors = fieldErrors(error.issues);
    return { statusCode: 400, body: { message: errors[0]?.message ?? 'Invalid request', errors } };
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
    return { statusCode: status, body: { message } };
  }
  log.error({ err: error }, 'request failed');
  return {
    statusCode: typeof status === 'number' && status >= 500 ? status : 500,
    body: { message: internalErrorMessage },
  };
}
