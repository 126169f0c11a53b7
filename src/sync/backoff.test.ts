import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  it('doubles the step per attempt, with half of it random', () => {
    const options = { baseMs: 1_000, maxMs: 60_000 };
    expect(backoffDelay(1, { ...options, random: () => 0 })).toBe(500);
    expect(backoffDelay(1, { ...options, random: () => 0.999999 })).toBe(1_000);
    expect(backoffDelay(2, { ...options, random: () => 0 })).toBe(1_000);
    expect(backoffDelay(4, { ...options, random: () => 0 })).toBe(4_000);
  });

  it('never exceeds the maximum', () => {
    expect(backoffDelay(50, { baseMs: 1_000, maxMs: 60_000, random: () => 0.999999 })).toBe(60_000);
  });
});
