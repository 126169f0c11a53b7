import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  dayPeriod,
  monthPeriod,
  weekPeriod,
  type Period,
} from '../../../domain/business-period.ts';
import { departmentIds, type DepartmentId } from '../../../domain/departments.ts';
import { revenueQuerySchema, type Revenue, type RevenuePeriod } from '../../../domain/revenue.ts';
import { clockOf, type AppContext } from '../../context.ts';
import { orderSourceOf } from '../../db/order-source.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { requireManager } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';

/**
 * GET /{dept}/revenue?period=day|week|month (admin; domain/revenue.ts): the sum of the
 * department's live order totals created in the current day, week (Sunday 00:00 to the next
 * Sunday 00:00) or month of the business time zone, by the app's clock. Printing sums its jobs'
 * `totalPrice`, the product departments their orders' `total`, as the counters do. `startDate`
 * is the period's first instant and `endDate` its last (one millisecond before the next
 * period), ISO-8601 UTC.
 */
type Db = Kysely<DatabaseSchema>;

const periodOf: Record<RevenuePeriod, (now: Date, timeZone: string) => Period> = {
  day: dayPeriod,
  week: weekPeriod,
  month: monthPeriod,
};

/** Sum of live order totals of the department created in [start, end). */
export async function revenueIn(db: Db, department: DepartmentId, period: Period): Promise<number> {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const { table, total } = orderSourceOf(department);
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(total), eb.lit(0)).as('sum'))
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .where('createdAt', '>=', start)
    .where('createdAt', '<', end)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

export async function revenueRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, config } = options;
  const clock = clockOf(options);
  for (const department of departmentIds) {
    app.get(
      `/${department}/revenue`,
      { preHandler: requireManager(department) },
      async (request): Promise<Revenue> => {
        const { period } = parseInput(revenueQuerySchema, request.query);
        const range = periodOf[period](clock(), config.businessTz);
        return {
          revenue: await revenueIn(db, department, range),
          period,
          startDate: range.start.toISOString(),
          endDate: new Date(range.end.getTime() - 1).toISOString(),
        };
      },
    );
  }
}
