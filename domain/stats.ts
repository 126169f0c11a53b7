import { z } from 'zod';
import { departmentIds } from './departments.ts';

/**
 * Admin counters (docs/server-behaviour.md, 'Counters'): per department `GET /{dept}/orders-count`,
 * `/{dept}/sales-total`, `/{dept}/products-count`, and `GET /stats` with the same figures summed
 * over every department plus the breakdown. Money is whole shillings; deleted rows never count.
 * `totalProducts` counts products, `totalStockUnits` the units in stock (two different things the
 * original app mixed up).
 */
export const ordersCountSchema = z.object({ totalCount: z.number().int().nonnegative() });
export const salesTotalSchema = z.object({ totalSales: z.number().int().nonnegative() });
export const productsCountSchema = z.object({
  totalProducts: z.number().int().nonnegative(),
  totalStockUnits: z.number().int().nonnegative(),
});

export type OrdersCount = z.infer<typeof ordersCountSchema>;
export type SalesTotal = z.infer<typeof salesTotalSchema>;
export type ProductsCount = z.infer<typeof productsCountSchema>;

const figuresSchema = z.object({
  totalOrders: z.number().int().nonnegative(),
  totalSales: z.number().int().nonnegative(),
  totalProducts: z.number().int().nonnegative(),
  totalStockUnits: z.number().int().nonnegative(),
  /** Users whose category is the department (admins included, as they carry one). */
  totalUsers: z.number().int().nonnegative(),
});

export type DepartmentFigures = z.infer<typeof figuresSchema>;

/** One figure this period and the one before, for the dashboard's Increase/Decrease. */
const changeSchema = z.object({
  current: z.number().int().nonnegative(),
  previous: z.number().int().nonnegative(),
});

/**
 * This week against last week (Sunday 00:00 to Saturday end in BUSINESS_TZ), computed on the
 * server: orders placed, sales made, products added and users added in each week.
 */
const trendSchema = z.object({
  orders: changeSchema,
  sales: changeSchema,
  products: changeSchema,
  users: changeSchema,
});
export type Trend = z.infer<typeof trendSchema>;

const figuresWithTrendSchema = figuresSchema.extend({ trend: trendSchema });

export const statsSchema = z.object({
  totals: figuresWithTrendSchema,
  /** One entry per department, in the order of `departmentIds`, empty departments included. */
  departments: z.array(figuresWithTrendSchema.extend({ department: z.enum(departmentIds) })),
  /** The two weeks compared, ISO-8601 UTC instants (start inclusive, end exclusive). */
  period: z.object({
    startDate: z.string(),
    endDate: z.string(),
    previousStartDate: z.string(),
    previousEndDate: z.string(),
  }),
});

export type Stats = z.infer<typeof statsSchema>;

export const emptyFigures: DepartmentFigures = {
  totalOrders: 0,
  totalSales: 0,
  totalProducts: 0,
  totalStockUnits: 0,
  totalUsers: 0,
};
