import { useLiveQuery } from 'dexie-react-hooks';
import { sameLocation } from '../../../../domain/product-locations.ts';
import { compareNatural } from '../../../../domain/natural-sort.ts';
import {
  db as defaultDb,
  type AppDatabase,
  type CountDraftRecord,
  type StockCountRecord,
} from '../../../db/database.ts';
import { guardedRead, type Read } from '../../../db/guarded-read.ts';
import { departmentProducts } from '../../department/product-list.ts';

/**
 * Live reads for the count screens, from the mirror and this device's drafts (they re-render on
 * every command, pull and keystroke saved). `undefined` while the first read is in flight; a
 * read that fails (a broken or blocked IndexedDB) is 'failed' and the screen says so.
 */
/** The department's counts, newest first. */
export async function listStockCounts(
  dept: string,
  db: AppDatabase = defaultDb,
): Promise<StockCountRecord[]> {
  const counts = await db.stockCounts.where('department').equals(dept).toArray();
  return counts.sort(
    (a, b) => b.startedAt.localeCompare(a.startedAt) || a._id.localeCompare(b._id),
  );
}

export function useStockCounts(dept: string): Read<StockCountRecord[]> | undefined {
  return useLiveQuery(() => guardedRead(() => listStockCounts(dept)), [dept]);
}

export interface CountView {
  count: StockCountRecord | null;
  draft: CountDraftRecord | null;
}

export function useStockCount(dept: string, id: string): Read<CountView> | undefined {
  return useLiveQuery(
    () =>
      guardedRead(async () => {
        const [count, draft] = await Promise.all([
          defaultDb.stockCounts.get(id),
          defaultDb.countDrafts.get(id),
        ]);
        return {
          count: count && count.department === dept ? count : null,
          draft: draft ?? null,
        };
      }),
    [dept, id],
  );
}

/** Every draft of this device, by count id: the list shows how far each open count has come. */
export function useCountDrafts(): ReadonlyMap<string, CountDraftRecord> | undefined {
  return useLiveQuery(async () => {
    const drafts = await defaultDb.countDrafts.toArray();
    return new Map(drafts.map((draft) => [draft.countId, draft]));
  }, []);
}

/** The department's locations as the products spell them (one spelling per location), sorted. */
export async function listLocations(dept: string, db: AppDatabase = defaultDb): Promise<string[]> {
  const locations: string[] = [];
  await departmentProducts(dept, db).each((product) => {
    const location = product.location?.trim();
    if (location && !locations.some((known) => sameLocation(known, location))) {
      locations.push(location);
    }
  });
  return locations.sort(compareNatural);
}

export function useLocations(dept: string): Read<string[]> | undefined {
  return useLiveQuery(() => guardedRead(() => listLocations(dept)), [dept]);
}
