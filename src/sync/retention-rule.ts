import { createdRangeParams } from '../../domain/created-range.ts';

/**
 * How long a list's rows stay on the device, as data (decision 0035): rows dated before the
 * window are never asked for, never kept from a later page and pruned from the mirror, unless a
 * write still waiting to sync (or refused and waiting for the user) touches them
 * (src/sync/retention.ts). The engine knows no list by name: a list opts in with this field.
 */
export interface MirrorRetention {
  /** The row's field (ISO-8601 UTC text) that dates it, e.g. when an order was placed. */
  field: string;
  /** The Dexie compound index `[<scopeIndex>+<field>]` over the table: a scope's rows by date. */
  index: string;
  /** The query parameter of the list's change pages that leaves out rows dated before it. */
  param: string;
  /** Days kept unless this device chose otherwise (`setRetentionDays`). */
  defaultDays: number;
  /**
   * At most this many rows of a scope are kept, the newest by `field`, however busy the window
   * was (a bound on the device's storage, not only on time). None: the window alone bounds it.
   */
  maxRows?: number;
}

/**
 * The window of rows dated by when they were created, per department (orders, and sales whose
 * lines are orders): the `[department+createdAt]` index, asked for with createdSince, kept
 * `defaultDays` unless the device chose otherwise and at most `maxRows`.
 */
export function createdWindow(defaultDays: number, maxRows: number): MirrorRetention {
  return {
    field: 'createdAt',
    index: '[department+createdAt]',
    param: createdRangeParams.since,
    defaultDays,
    maxRows,
  };
}
