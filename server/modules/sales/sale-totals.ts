import { PostgresAdapter, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { SaleLineChange } from '../orders/public.ts';

/**
 * Keeps a sale's row true to its live lines after an admin or the department's manager edited or
 * deleted one of them (an order of the sale; decision 0036): total and line count are summed
 * again from the lines, and `updatedAt` moves to the order's, so the sales list's change pages
 * carry the sale to tablets and its list-version trigger fires (migration 0016). Runs on the
 * order's transaction (registered with the orders module's hook in routes.ts).
 *
 * PostgreSQL: the sale's row is locked before the lines are summed, so two lines of one sale
 * edited at once are summed one after the other (READ COMMITTED: the second sum, taken after the
 * first COMMIT, sees the first edit) and neither total is lost. Each edit has locked its own
 * order first, and every edit locks order then sale, so they cannot deadlock. SQLite has one
 * writer at a time.
 */
type Db = Kysely<DatabaseSchema>;

export async function refreshSaleTotals(trx: Db, change: SaleLineChange): Promise<void> {
  const { department, saleId, at } = change;
  const sale = await trx
    .selectFrom('sales')
    .select('id')
    .where('department', '=', department)
    .where('id', '=', saleId)
    .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!sale) return;
  const live = await trx
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('total'), eb.lit(0)).as('total'),
      eb.fn.countAll<number | string>().as('lineCount'),
    ])
    .where('department', '=', department)
    .where('saleId', '=', saleId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('sales')
    .set({ total: Number(live.total), lineCount: Number(live.lineCount), updatedAt: at })
    .where('department', '=', department)
    .where('id', '=', saleId)
    .execute();
}
