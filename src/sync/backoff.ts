/**
 * Exponential backoff with jitter for outbox retries. "Equal jitter": half of the exponential step
 * is fixed, half random, so the delay always grows but tablets that reconnect together do not all
 * retry in the same instant.
 */
export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /** A source of randomness in [0, 1); injectable for tests. */
  random?: () => number;
}

export const defaultBackoff = { baseMs: 2_000, maxMs: 5 * 60_000 } as const;

/** Delay before the next try after `attempts` failed tries (attempts ≥ 1). */
export function backoffDelay(attempts: number, options: BackoffOptions = {}): number {
  const baseMs = options.baseMs ?? defaultBackoff.baseMs;
  const maxMs = options.maxMs ?? defaultBackoff.maxMs;
  const random = options.random ?? Math.random;
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const step = Math.min(maxMs, baseMs * 2 ** exponent);
  const half = step / 2;
  return Math.round(half + random() * half);
}
