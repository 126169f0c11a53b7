import { z } from 'zod';

/**
 * `POST /api/v1/batch`: JSON batching in the Microsoft Graph / OData style (decision 0006).
 * The body is `{requests: [{id, method, url, headers?, body?}]}` with `url` relative to /api/v1
 * ("/hardware/orders"); the answer is `{responses: [{id, status, body}]}` in the same order.
 *
 * Invariants the server keeps and the flusher relies on:
 * - Only the writes a tablet queues (orders, products, print jobs, transfers, stock counts) can
 *   be batched; any other call inside a batch is answered 400 `notBatchable` and not run.
 * - Each sub-request gets the same validation, authorization and idempotency record as when sent
 *   alone, under the batch's own Authorization; sub-request headers other than
 *   `idempotency-key`, `x-made-at` and `content-type` are ignored, so no sub-request runs as
 *   another user.
 * - Sub-requests run in order. A transient outcome (408, 429, 5xx) stops the batch there: every
 *   later sub-request is answered 424 and not run, so the client keeps it queued.
 * - A permanent rejection (other 4xx) of one sub-request does not stop the ones after it.
 */
export const batchLimits = {
  /** Most sub-requests in one batch. */
  maxRequests: 100,
  /** Largest batch body in bytes (413 above). */
  maxBytes: 1024 * 1024,
} as const;

/** Status of a sub-request that was not run because an earlier one failed temporarily. */
export const batchDependencyStatus = 424;

export const batchMessages = {
  invalid: 'Invalid batch request',
  empty: 'A batch needs at least one request',
  tooMany: `A batch holds at most ${batchLimits.maxRequests} requests`,
  tooLarge: 'Batch request is too large',
  duplicateId: 'Each request in a batch needs its own id',
  badUrl: 'A batch request url must be a path under /api/v1, such as /hardware/orders',
  nested: 'A batch cannot contain another batch',
  /** 400 for one sub-request that is not a write the outbox queues (a login, a report, a read). */
  notBatchable: 'This request cannot be sent in a batch; send it on its own',
  /** 503 for a sub-request that ran but whose write the database could not make durable. */
  notSaved: 'The server could not save this request; send it again',
  /** 503 for a whole batch when too many are waiting for their turn on the server. */
  busy: 'The server is busy with other batches; send this one again in a moment',
  notRun: 'Not run: an earlier request in the batch failed temporarily',
  /** 415 for one sub-request whose content-type is not JSON (file uploads are sent alone). */
  unsupportedType: 'A batch request carries a JSON body; send file uploads on their own',
} as const;

export const batchMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const batchSubRequestSchema = z.object({
  id: z.string().min(1).max(100),
  method: z.enum(batchMethods),
  url: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\s#]*$/, { error: batchMessages.badUrl }),
  headers: z.record(z.string(), z.string().max(1000)).optional(),
  body: z.unknown().optional(),
});
export type BatchSubRequest = z.infer<typeof batchSubRequestSchema>;

export const batchRequestSchema = z.object({
  requests: z
    .array(batchSubRequestSchema, { error: batchMessages.invalid })
    .min(1, { error: batchMessages.empty })
    .max(batchLimits.maxRequests, { error: batchMessages.tooMany })
    .refine((requests) => new Set(requests.map((r) => r.id)).size === requests.length, {
      error: batchMessages.duplicateId,
    }),
});

export const batchSubResponseSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  body: z.unknown().optional(),
});
export type BatchSubResponse = z.infer<typeof batchSubResponseSchema>;

export const batchResponseSchema = z.object({ responses: z.array(batchSubResponseSchema) });
export type BatchResponse = z.infer<typeof batchResponseSchema>;

/** True for outcomes that stop a batch: the result is unknown or temporary (same as a retry). */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
