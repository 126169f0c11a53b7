import { sql, type Kysely } from 'kysely';
import { departmentIds, type DepartmentId } from '../../../domain/departments.ts';
import { emptyFigures, type DepartmentFigures, type Stats } from '../../../domain/stats.ts';
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

export function statsOf(figures: Map<DepartmentId, DepartmentFigures>): Stats {
  const departments = departmentIds.map((department) => ({
    department,
    ...(figures.get(department) ?? emptyFigures),
  }));
  const totals = { ...emptyFigures };
  for (const entry of departments) {
    totals.totalOrders += entry.totalOrders;
    totals.totalSales += entry.totalSales;
    totals.totalProducts += entry.totalProducts;
    totals.totalStockUnits += entry.totalStockUnits;
    totals.totalUsers += entry.totalUsers;
  }
  return { totals, departments };
}
