import { startStockCountSchema, stockCountMessages } from '../../../../domain/stock-counts.ts';
import { sameLocation } from '../../../../domain/product-locations.ts';
import { db as defaultDb, type AppDatabase, type StockCountRecord } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { runCommand } from '../../../sync/run-command.ts';
import type { WriteContext } from '../../../sync/registry.ts';
import { departmentProducts } from '../../department/product-list.ts';

export interface StockCountCommandResult {
  /** The count's id. */
  id: string;
  /** The outbox entry (and Idempotency-Key) that carries it to the server. */
  entryId: string;
}

/** The department's count of `location` still open on this device (started or waiting to). */
export async function openCountAt(
  dept: string,
  location: string,
  db: AppDatabase = defaultDb,
): Promise<StockCountRecord | undefined> {
  const counts = await db.stockCounts.where('department').equals(dept).toArray();
  return counts.find((count) => count.status === 'open' && sameLocation(count.location, location));
}

/**
 * Starts a count of `location` in `dept` (decision 0020): in ONE Dexie transaction a count is put
 * in the mirror, marked as waiting for the server, with the products this device knows at the
 * location as its lines, and the entry for POST /{dept}/stock-counts is queued under the count's
 * id. The server takes the snapshot when the start reaches it, and its answer (the real lines)
 * replaces this record; counting opens only then, so every counted line is compared with a stock
 * the server knew. A refused start rolls back to nothing.
 */
export async function startStockCount(
  dept: string,
  fields: { location: unknown; countId?: string },
  deps: Partial<WriteContext> = {},
): Promise<StockCountCommandResult> {
  return runCommand(
    {
      department: dept,
      tables: (db) => [db.products, db.stockCounts],
      apply: async ({ db, now, uuid, user }) => {
        const parsed = startStockCountSchema.safeParse({
          location: fields.location,
          _id: fields.countId ?? uuid(),
        });
        if (!parsed.success) {
          throw new CommandError(
            'invalid',
            parsed.error.issues[0]?.message ?? stockCountMessages.failed,
          );
        }
        const input = parsed.data;
        const id = input._id ?? uuid();
        if (await openCountAt(dept, input.location, db)) {
          throw new CommandError('invalid', stockCountMessages.alreadyOpen);
        }
        const products = await departmentProducts(dept, db)
          .filter((product) => sameLocation(product.location, input.location))
          .toArray();
        if (products.length === 0) throw new CommandError('invalid', stockCountMessages.noProducts);

        const entryId = uuid();
        const stamp = new Date(now()).toISOString();
        const record: StockCountRecord = {
          _id: id,
          department: dept,
          location: products[0]?.location ?? input.location,
          status: 'open',
          startedAt: stamp,
          startedBy: user.email,
          submittedAt: null,
          submittedBy: null,
          closedAt: null,
          closedBy: null,
          updatedAt: stamp,
          lines: products.map((product) => ({
            productId: product._id,
            productName: product.name,
            barcode: product.barcode ?? null,
            counted: null,
            countedAt: null,
            expected: null,
            variance: null,
            adjustment: null,
          })),
          pendingOutboxId: entryId,
        };
        await db.stockCounts.put(record);
        return {
          id: entryId,
          kind: 'stockCounts.start',
          input: { location: input.location, _id: id },
          body: { location: input.location, _id: id },
          entityId: id,
          touches: [id],
          rollback: [{ op: 'delete', table: 'stockCounts', key: id }],
          label: { key: 'stockCounts.op.start', values: { location: record.location } },
        };
      },
    },
    deps,
  );
}
