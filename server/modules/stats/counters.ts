import { sql, type Kysely } from 'kysely';
import { departmentIds, type DepartmentId } from '../../../domain/departments.ts';
import { previousWeekPeriod, weekPeriod, type Period } from '../../../domain/business-period.ts';
import {
  emptyFigures,
  type DepartmentFigures,
  type Stats,
  type Trend,
} from '../../../domain/stats.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

/** The column each grouped source sums: order totals, printing totals, stock units. */
const summed = { orders: 'total', printing_orders: 'totalPrice', products: 'quantity' } as const;

/** Live rows per department and the sum of the source's column (0 when none). */
function countAndSum(db: Db, table: keyof typeof summed, only: DepartmentId | undefined) {
  return db
    .selectFrom(table)
    .select((eb) => [
      'department',
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>(sql.ref(summed[table])), eb.lit(0)).as('sum'),
    ])
    .where('deletedAt', 'is', null)
    .$if(only !== undefined, (query) => query.where('department', '=', only as DepartmentId))
    .groupBy('department')
    .execute();
}

/**
 * The figures of every department (or only one), from one grouped query per table. A department
 * with no rows gets zeros. Orders come from two tables: the product departments' `orders`
 * (counted with their `total`) and `printing_orders` (department 'printing', counted with their
 * `totalPrice`); both count live rows only.
 */
export async function departmentFigures(
  db: Db,
  only?: DepartmentId,
): Promise<Map<DepartmentId, DepartmentFigures>> {
  const [orders, printingOrders, products, users] = await Promise.all([
    countAndSum(db, 'orders', only),
    countAndSum(db, 'printing_orders', only),
    countAndSum(db, 'products', only),
    db
      .selectFrom('users')
      .select((eb) => ['category as department', eb.fn.countAll<number>().as('count')])
      .$if(only !== undefined, (query) => query.where('category', '=', only as DepartmentId))
      .groupBy('category')
      .execute(),
  ]);
  const figures = new Map<DepartmentId, DepartmentFigures>(
    departmentIds.map((id) => [id, { ...emptyFigures }]),
  );
  const at = (department: string) => figures.get(department as DepartmentId);
  for (const row of [...orders, ...printingOrders]) {
    const entry = at(row.department);
    if (entry) {
      entry.totalOrders += Number(row.count);
      entry.totalSales += Number(row.sum);
    }
  }
  for (const row of products) {
    const entry = at(row.department);
    if (entry) {
      entry.totalProducts = Number(row.count);
      entry.totalStockUnits = Number(row.sum);
    }
  }
  for (const row of users) {
    const entry = at(row.department);
    if (entry) entry.totalUsers = Number(row.count);
  }
  return figures;
}

/** What happened in one period, per department: orders placed and their sales, products and users added. */
interface PeriodActivity {
  orders: number;
  sales: number;
  products: number;
  users: number;
}

const noActivity: PeriodActivity = { orders: 0, sales: 0, products: 0, users: 0 };

/**
 * Activity per department in [period.start, period.end): live orders (both order tables, as the
 * counters count them) created in it with their totals, live products created in it, users
 * created in it. Timestamps are ISO-8601 UTC text, so comparing the text compares the instants.
 */
async function activityIn(db: Db, period: Period): Promise<Map<string, PeriodActivity>> {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const created = <T extends keyof typeof summed>(table: T) =>
    db
      .selectFrom(table as keyof typeof summed)
      .select((eb) => [
        'department',
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>(sql.ref(summed[table])), eb.lit(0)).as('sum'),
      ])
      .where('deletedAt', 'is', null)
      .where('createdAt', '>=', start)
      .where('createdAt', '<', end)
      .groupBy('department')
      .execute();
  const [orders, printingOrders, products, users] = await Promise.all([
    created('orders'),
    created('printing_orders'),
    created('products'),
    db
      .selectFrom('users')
      .select((eb) => ['category as department', eb.fn.countAll<number>().as('count')])
      .where('createdAt', '>=', start)
      .where('createdAt', '<', end)
      .groupBy('category')
      .execute(),
  ]);
  const activity = new Map<string, PeriodActivity>();
  const at = (department: string) => {
    let entry = activity.get(department);
    if (!entry) {
      entry = { ...noActivity };
      activity.set(department, entry);
    }
    return entry;
  };
  for (const row of [...orders, ...printingOrders]) {
    const entry = at(row.department);
    entry.orders += Number(row.count);
    entry.sales += Number(row.sum);
  }
  for (const row of products) at(row.department).products = Number(row.count);
  for (const row of users) at(row.department).users = Number(row.count);
  return activity;
}

/** This week and last week (Sunday 00:00 in the business time zone), per department. */
export interface WeeklyActivity {
  current: Period;
  previous: Period;
  thisWeek: Map<string, PeriodActivity>;
  lastWeek: Map<string, PeriodActivity>;
}

export async function weeklyActivity(db: Db, now: Date, timeZone: string): Promise<WeeklyActivity> {
  const current = weekPeriod(now, timeZone);
  const previous = previousWeekPeriod(now, timeZone);
  const [thisWeek, lastWeek] = await Promise.all([
    activityIn(db, current),
    activityIn(db, previous),
  ]);
  return { current, previous, thisWeek, lastWeek };
}

function trendOf(current: PeriodActivity, previous: PeriodActivity): Trend {
  const change = (key: keyof PeriodActivity) => ({
    current: current[key],
    previous: previous[key],
  });
  return {
    orders: change('orders'),
    sales: change('sales'),
    products: change('products'),
    users: change('users'),
  };
}

function sumActivity(entries: PeriodActivity[]): PeriodActivity {
  const total = { ...noActivity };
  for (const entry of entries) {
    total.orders += entry.orders;
    total.sales += entry.sales;
    total.products += entry.products;
    total.users += entry.users;
  }
  return total;
}

/**
 * /stats: every department's figures and weekly trend, and the totals over all of them (users
 * of a category that is no department, should one exist, count in neither).
 */
export function statsOf(
  figures: Map<DepartmentId, DepartmentFigures>,
  weekly: WeeklyActivity,
): Stats {
  const thisWeekOf = (id: DepartmentId) => weekly.thisWeek.get(id) ?? noActivity;
  const lastWeekOf = (id: DepartmentId) => weekly.lastWeek.get(id) ?? noActivity;
  const departments = departmentIds.map((department) => ({
    department,
    ...(figures.get(department) ?? emptyFigures),
    trend: trendOf(thisWeekOf(department), lastWeekOf(department)),
  }));
  const totals = { ...emptyFigures };
  for (const entry of departments) {
    totals.totalOrders += entry.totalOrders;
    totals.totalSales += entry.totalSales;
    totals.totalProducts += entry.totalProducts;
    totals.totalStockUnits += entry.totalStockUnits;
    totals.totalUsers += entry.totalUsers;
  }
  return {
    totals: {
      ...totals,
      trend: trendOf(
        sumActivity(departmentIds.map(thisWeekOf)),
        sumActivity(departmentIds.map(lastWeekOf)),
      ),
    },
    departments,
    period: {
      startDate: weekly.current.start.toISOString(),
      endDate: weekly.current.end.toISOString(),
      previousStartDate: weekly.previous.start.toISOString(),
      previousEndDate: weekly.previous.end.toISOString(),
    },
  };
}
