import type { Kysely } from 'kysely';
import { departmentIds, type DepartmentId } from '../../../domain/departments.ts';
import { emptyFigures, type DepartmentFigures, type Stats } from '../../../domain/stats.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

/**
 * The figures of every department (or only one), from one grouped query per table. A department with no rows
 * gets zeros. Printing's orders will come from their own table (issue "Printing"): they are
 * added here as one more grouped source.
 */
export async function departmentFigures(
  db: Db,
  only?: DepartmentId,
): Promise<Map<DepartmentId, DepartmentFigures>> {
  const [orders, products, users] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [
        'department',
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('sum'),
      ])
      .where('deletedAt', 'is', null)
      .$if(only !== undefined, (query) => query.where('department', '=', only ?? ''))
      .groupBy('department')
      .execute(),
    db
      .selectFrom('products')
      .select((eb) => [
        'department',
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('sum'),
      ])
      .where('deletedAt', 'is', null)
      .$if(only !== undefined, (query) => query.where('department', '=', only ?? ''))
      .groupBy('department')
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => ['category as department', eb.fn.countAll<number>().as('count')])
      .$if(only !== undefined, (query) => query.where('category', '=', only ?? 'hardware'))
      .groupBy('category')
      .execute(),
  ]);
  const figures = new Map<DepartmentId, DepartmentFigures>(
    departmentIds.map((id) => [id, { ...emptyFigures }]),
  );
  const at = (department: string) => figures.get(department as DepartmentId);
  for (const row of orders) {
    const entry = at(row.department);
    if (entry) {
      entry.totalOrders = Number(row.count);
      entry.totalSales = Number(row.sum);
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
