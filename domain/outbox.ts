import { z } from 'zod';
import { orderMessages } from './orders.ts';
import { editConflictOf, type EditConflict } from './product-edit-merge.ts';

/**
 * Pure rules of the offline outbox (docs/offline-model.md), shared by the PWA's sync engine and
 * anything else that needs to reason about a queued write. No Dexie, no DOM, no network here.
 */

/** The spec's texts (sections 5 and 8) that commands reject with locally, exactly as the server does. */
export const outboxMessages = {
  stockExceeded: orderMessages.exceedsStock,
  productNotFound: orderMessages.productNotFound,
  orderNotFound: orderMessages.notFound,
  quantityMin: orderMessages.quantityMin,
  notSignedIn: 'Token not found',
} as const;

/**
 * What a refusal may say beside its message (the answer's body): `available`, the stock there is
 * now, when a write asked for more than that; `conflict`, the fields someone else changed to other
 * values since the edit's form opened, with the server's record (decision 0025). The tablet shows
 * them with the refusal, so the user knows what to retry with or which values to keep.
 */
export interface RefusalDetails {
  available?: number;
  conflict?: EditConflict;
  /** The line of a write of several lines (a sale) that was refused: the others were fine. */
  line?: RefusedLine;
}

const refusedLineSchema = z.object({
  index: z.number().int().min(0),
  productId: z.string(),
  productName: z.string().nullable(),
});
export type RefusedLine = z.infer<typeof refusedLineSchema>;

export function refusalDetailsOf(body: unknown): RefusalDetails {
  const conflict = editConflictOf(body);
  if (conflict) return { conflict };
  if (typeof body !== 'object' || body === null) return {};
  const details: RefusalDetails = {};
  const available = 'available' in body ? body.available : undefined;
  if (typeof available === 'number' && Number.isInteger(available) && available >= 0) {
    details.available = available;
  }
  const line = refusedLineSchema.safeParse('line' in body ? body.line : undefined);
  if (line.success) details.line = line.data;
  return details;
}

/**
 * What the flusher does with an HTTP status (rules 3–5):
 * - `done`: 2xx, the server applied (or had already applied) the write;
 * - `retry`: the outcome is unknown or temporary (408, 429, 5xx), so the same entry with the
 *   same Idempotency-Key is sent again later;
 * - `auth`: 401, the queue pauses until the user signs in again;
 * - `reject`: any other 4xx is a permanent rejection (rolled back, shown to the user).
 */
export type SendOutcome = 'done' | 'retry' | 'auth' | 'reject';

export function classifyStatus(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'auth';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'reject';
  // 1xx/3xx never reach us through fetch in practice; treat as temporary.
  return 'retry';
}
