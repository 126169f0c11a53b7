/**
 * The one error type route code throws. The error handler in app.ts answers
 * `{ message, ...extra }` with `statusCode`; use `extra` for `errors` field lists.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly extra: Record<string, unknown> | undefined;
  /** Response headers the answer carries (e.g. retry-after on a 503). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    message: string,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.extra = extra;
    this.headers = headers;
  }
}

export function httpError(
  statusCode: number,
  message: string,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
): HttpError {
  return new HttpError(statusCode, message, extra, headers);
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
