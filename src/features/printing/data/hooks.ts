import { useLiveQuery } from 'dexie-react-hooks';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import { getPrintJob, listPrintJobs } from './queries.ts';

/**
 * Live reads of the printing orders mirror; they re-render on every change (a command, a pull, a
 * rollback). `undefined` while the first read is in flight.
 */
export function usePrintJobs(): PrintingOrderRecord[] | undefined {
  return useLiveQuery(() => listPrintJobs(), []);
}

/** One job: the record, 'missing' (not in the mirror) or 'failed' (IndexedDB could not be read). */
export type PrintJobRead =
  { status: 'found'; job: PrintingOrderRecord } | { status: 'missing' } | { status: 'failed' };

export function usePrintJob(id: string): PrintJobRead | undefined {
  return useLiveQuery(async (): Promise<PrintJobRead> => {
    try {
      const job = await getPrintJob(id);
      return job ? { status: 'found', job } : { status: 'missing' };
    } catch {
      // A broken or blocked database: the spec's 'Failed to load order details…' with a reload.
      return { status: 'failed' };
    }
  }, [id]);
}
