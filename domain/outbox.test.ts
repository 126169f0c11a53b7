import { describe, expect, it } from 'vitest';
import { classifyStatus } from './outbox.ts';

describe('classifyStatus', () => {
  it('retries only unknown or temporary outcomes and pauses on 401', () => {
    expect([200, 201, 204].map(classifyStatus)).toEqual(['done', 'done', 'done']);
    expect([408, 429, 500, 502, 503].map(classifyStatus)).toEqual([
      'retry',
      'retry',
      'retry',
      'retry',
      'retry',
    ]);
    expect(classifyStatus(401)).toBe('auth');
    expect([400, 403, 404, 409, 413, 415, 422].map(classifyStatus)).toEqual([
      'reject',
      'reject',
      'reject',
      'reject',
      'reject',
      'reject',
      'reject',
    ]);
  });
});
