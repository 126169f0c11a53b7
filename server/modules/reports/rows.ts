import type { Kysely } from 'kysely';
import type { Period } from '../../../domain/business-period.ts';
import type { DepartmentId } from '../../../domain/departments.ts';
import type { ReportRow } from '../../../domain/reports.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { orderSourceOf } from '../../db/order-source.ts';

/**
 * A department's live orders created in a period, oldest first, read in keyset pages of
 * `pageSize` rows ((createdAt, id) > the last row sent, on the (department, createdAt) index),
 * so a report of any length holds one page of rows in memory at a time. Printing's jobs come
 * from `printing_orders` (receipt number as the order id, description as the product,
 * `totalPrice` as the total); the product departments' from `orders`.
 */
type Db = Kysely<DatabaseSchema>;

export const reportPageSize = 500;

interface Position {
  createdAt: string;
  id: string;
}

async function orderPage(
  db: Db,
  department: DepartmentId,
  start: string,
  end: string,
  after: Position | undefined,
  limit: number,
): Promise<(ReportRow & { id: string })[]> {
  const source = orderSourceOf(department);
  const rows = await db
    .selectFrom(source.table)
    .select((eb) => [
      'id',
      'createdAt',
      eb.ref(source.orderId).as('orderId'),
      eb.ref(source.productName).as('productName'),
      'quantity',
      'price',
      eb.ref(source.total).as('total'),
    ])
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .where('createdAt', '>=', start)
    .where('createdAt', '<', end)
    .$if(after !== undefined, (query) =>
      query
        // Implied by the tuple, but lets PostgreSQL start the index range at the position.
        .where('createdAt', '>=', after?.createdAt ?? '')
        .where((eb) =>
          eb(
            eb.refTuple('createdAt', 'id'),
            '>',
            eb.tuple(after?.createdAt ?? '', after?.id ?? ''),
          ),
        ),
    )
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    orderId: String(row.orderId),
    productName: String(row.productName),
    quantity: Number(row.quantity),
    unitPrice: Number(row.price),
    total: Number(row.total),
  }));
}

/** How many live orders of the department were created in the period. */
export async function countReportRows(
  db: Db,
  department: DepartmentId,
  period: Period,
): Promise<number> {
  const { table } = orderSourceOf(department);
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .where('createdAt', '>=', period.start.toISOString())
    .where('createdAt', '<', period.end.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The period's rows, one page at a time (each page is a fresh query: no open cursor). */
export async function* reportPages(
  db: Db,
  department: DepartmentId,
  period: Period,
  pageSize = reportPageSize,
): AsyncGenerator<ReportRow[]> {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  let after: Position | undefined;
  for (;;) {
    const page = await orderPage(db, department, start, end, after, pageSize);
    if (page.length === 0) return;
    const last = page[page.length - 1];
    if (last) after = { createdAt: last.createdAt, id: last.id };
    yield page.map(({ id: _id, ...row }) => row);
    if (page.length < pageSize) return;
  }
}

export interface ReportSummary {
  orders: number;
  units: number;
  revenue: number;
}

export function addToSummary(summary: ReportSummary, rows: readonly ReportRow[]): void {
  for (const row of rows) {
    summary.orders += 1;
    summary.units += row.quantity;
    summary.revenue += row.total;
  }
}
