import { useLiveQuery } from 'dexie-react-hooks';
import {
  db as defaultDb,
  type AppDatabase,
  type MovementLogRecord,
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
