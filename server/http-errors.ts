/**
 * The one error type route code throws. The error handler in app.ts answers
 * `{ message, ...extra }` with `statusCode`; use `extra` for `errors` field lists.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly extra: Record<string, unknown> | undefined;

  constructor(statusCode: number, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

export function httpError(
  statusCode: number,
  message: string,
  extra?: Record<string, unknown>,
): HttpError {
  return new HttpError(statusCode, message, extra);
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
