import Dexie from 'dexie';
import type { OrderPeriod } from '../../../../domain/orders.ts';
import { orderPeriodFilter } from '../../../../domain/orders.ts';
import {
  db as defaultDb,
  type AppDatabase,
  type PrintingOrderRecord,
} from '../../../db/database.ts';
import { printingDepartment } from './printing-wire.ts';

/**
 * Reads of the printing orders mirror: plain async functions, so they serve `useLiveQuery` and
 * tests alike. Screens never ask the network; the pull keeps this table fresh.
 */
/** Every print job, newest first. */
export async function listPrintJobs(db: AppDatabase = defaultDb): Promise<PrintingOrderRecord[]> {
  return db.printingOrders
    .where('[department+createdAt]')
    .between([printingDepartment, Dexie.minKey], [printingDepartment, Dexie.maxKey])
    .reverse()
    .toArray();
}

/** One print job, or undefined ('No order details found.'). */
export async function getPrintJob(
  id: string,
  db: AppDatabase = defaultDb,
): Promise<PrintingOrderRecord | undefined> {
  return db.printingOrders.get(id);
}

/**
 * The jobs of a period tab (All Orders, Today, This Week Sunday to Saturday, This Month; spec
 * section 2, applied on createdAt like every orders list), newest first.
 */
export function jobsInPeriod(
  jobs: readonly PrintingOrderRecord[],
  period: OrderPeriod,
  now: Date,
): PrintingOrderRecord[] {
  return jobs
    .filter((job) => orderPeriodFilter(period, now, job.createdAt))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
