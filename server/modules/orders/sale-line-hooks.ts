import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

/**
 * A hook for an order that is a line of a sale (decision 0036) and was edited or deleted: the
 * sales module keeps its row's total, line count and `updatedAt` from the live lines, in the
 * order's own transaction, so a tablet's mirrored sale learns of the change with its next pull.
 *
 * Why a hook and not a call: the sales module writes its lines through this module's public.ts,
 * so this module importing the sales module would make the two depend on each other (an import
 * cycle in all but the file graph). The sales rule stays with the sales module, which registers
 * it here when its routes are registered; this module only says which sale changed.
 */
export interface SaleLineChange {
  department: string;
  saleId: string;
  /** The order's new `updatedAt`: the sale's too. */
  at: string;
}

export type SaleLineListener = (
  trx: Kysely<DatabaseSchema>,
  change: SaleLineChange,
) => Promise<void>;

// A Set: every app a process builds (tests build many) registers the same function once.
const listeners = new Set<SaleLineListener>();

/** Registers what runs, inside the order's transaction, after a line of a sale changed. */
export function onSaleLineChange(listener: SaleLineListener): void {
  listeners.add(listener);
}

/** Runs the registered listeners on the caller's transaction (never the plain `db`). */
export async function saleLineChanged(
  trx: Kysely<DatabaseSchema>,
  change: SaleLineChange,
): Promise<void> {
  for (const listener of listeners) await listener(trx, change);
}
