import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { httpError } from '../http-errors.ts';

/**
 * The Idempotency-Key header itself and the hash of a request body: what identifies a repeat of a
 * write. What is done with a repeat (claim, replay, 409, 422) is idempotency.ts.
 */
export const idempotencyKeyHeader = 'idempotency-key';
const maxKeyLength = 255;

export const idempotencyMessages = {
  invalidKey: 'Invalid Idempotency-Key header: use 1 to 255 visible ASCII characters.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
  mismatch: 'This Idempotency-Key was already used for a different request.',
} as const;

function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * JSON with object keys sorted, so equal bodies hash equally whatever their key order. Binary
 * values (an uploaded file) are replaced by their sha256, so a multipart body hashes its fields
 * and its file bytes.
 */
export function canonicalJson(value: unknown): string {
  if (value instanceof Uint8Array) return JSON.stringify({ $sha256: sha256Hex(value) });
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function bodyHash(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}

/** An Idempotency-Key header value, undefined when absent; 400 when malformed. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? undefined : raw.trim();
  if (!key || key.length > maxKeyLength || !/^[\x21-\x7e]+$/.test(key)) {
    throw httpError(400, idempotencyMessages.invalidKey);
  }
  return key;
}

/** The request's Idempotency-Key, undefined when absent; 400 when malformed. */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  return parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
}
