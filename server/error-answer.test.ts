import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorAnswer, internalErrorMessage, isServerFault } from './error-answer.ts';
import { httpError } from './http-errors.ts';

/** A logger that keeps what was logged at error level. */
function recordingLog(): { log: FastifyBaseLogger; errors: unknown[] } {
  const errors: unknown[] = [];
  const log = { error: (entry: unknown) => errors.push(entry) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

const zodError = z.object({ quantity: z.number() }).safeParse({ quantity: 'x' }).error;
const fastifyClientError = Object.assign(new Error('body too large'), { statusCode: 413 });

describe('errorAnswer', () => {
  it('answers an unexpected error 500 without its text, and logs it', () => {
    const { log, errors } = recordingLog();
    const answer = errorAnswer(new Error('disk on fire'), log);
    expect(answer).toEqual({ statusCode: 500, body: { message: internalErrorMessage } });
    expect(errors).toHaveLength(1);
  });

  it("answers the client's errors with their status and message, and logs none", () => {
    const { log, errors } = recordingLog();
    expect(errorAnswer(httpError(409, 'Stock left: 3', { available: 3 }), log)).toEqual({
      statusCode: 409,
      body: { available: 3, message: 'Stock left: 3' },
    });
    expect(errorAnswer(zodError, log).statusCode).toBe(400);
    expect(errorAnswer(fastifyClientError, log)).toEqual({
      statusCode: 413,
      body: { message: 'body too large' },
    });
    expect(errors).toEqual([]);
  });
});

describe('isServerFault', () => {
  it('is true exactly for what errorAnswer answers 5xx', () => {
    const { log } = recordingLog();
    const cases = [
      new Error('disk on fire'),
      httpError(503, 'Busy, try again', undefined, { 'retry-after': '1' }),
      httpError(401, 'Session expired'),
      httpError(409, 'Stock left: 3'),
      zodError,
      fastifyClientError,
      Object.assign(new Error('bad gateway'), { statusCode: 502 }),
    ];
    expect(cases.map(isServerFault)).toEqual([true, true, false, false, false, false, true]);
    for (const error of cases) {
      expect(isServerFault(error)).toBe(errorAnswer(error, log).statusCode >= 500);
    }
  });
});
