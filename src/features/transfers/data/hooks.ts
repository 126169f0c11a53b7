import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';
import {
  db as defaultDb,
  type AppDatabase,
  type MovementLogRecord,
  type OutboxEntry,
  type ProductRecord,
} from '../../../db/database.ts';
import { guardedRead, type Read } from '../../../db/guarded-read.ts';
import { unresolvedStatuses } from '../../../sync/outbox.ts';

/**
 * Live reads for the transfer screens, from the mirror and the outbox (they re-render on every
 * command, pull and rollback). `undefined` while the first read is in flight.
 */
const transferKind = 'transfers.create';

export async function listMovementLogs(
  dept: string,
  db: AppDatabase = defaultDb,
): Promise<MovementLogRecord[]> {
  return db.movementLogs.where('department').equals(dept).toArray();
}

export function useMovementLogs(dept: string): Read<MovementLogRecord[]> | undefined {
  return useLiveQuery(() => guardedRead(() => listMovementLogs(dept)), [dept]);
}

export function useProduct(dept: string, id: string): Read<ProductRecord | null> | undefined {
  return useLiveQuery(
    () =>
      guardedRead(async () => {
        const product = await defaultDb.products.get(id);
        return product && product.department === dept ? product : null;
      }),
    [dept, id],
  );
}

/** Ids of the products and logs that queued transfers of `dept` changed and the server has not confirmed. */
export function usePendingTransferIds(dept: string): ReadonlySet<string> {
  const ids = useLiveQuery(async () => {
    const unresolved = await defaultDb.outbox.where('status').anyOf(unresolvedStatuses).toArray();
    return unresolved
      .filter((entry) => entry.kind === transferKind && entry.department === dept)
      .flatMap((entry) => entry.touches ?? []);
  }, [dept]);
  return new Set(ids ?? []);
}

const failedInputSchema = z.object({
  transferQuantity: z.number(),
  destination: z.string(),
});

export interface FailedTransfer {
  entryId: string;
  product: string;
  quantity: number;
  destination: string;
  /** The server's reason (English; shown translated). */
  reason: string;
  /** The stock at the origin now, when that is why the server refused. */
  available?: number;
}

function toFailedTransfer(entry: OutboxEntry): FailedTransfer | undefined {
  const input = failedInputSchema.safeParse(entry.input);
  if (!input.success) return undefined;
  const product = entry.label?.values?.product;
  return {
    entryId: entry.id,
    product: typeof product === 'string' ? product : '',
    quantity: input.data.transferQuantity,
    destination: input.data.destination,
    reason: entry.lastError ?? '',
    ...(entry.refusal?.available !== undefined ? { available: entry.refusal.available } : {}),
  };
}

/** Transfers of `dept` the server refused: rolled back on this device, waiting for Retry or Discard. */
export function useFailedTransfers(dept: string): FailedTransfer[] {
  const failed = useLiveQuery(async () => {
    const entries = await defaultDb.outbox.where('status').equals('failed').toArray();
    return entries
      .filter((entry) => entry.kind === transferKind && entry.department === dept)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(toFailedTransfer)
      .filter((item) => item !== undefined);
  }, [dept]);
  return failed ?? [];
}
