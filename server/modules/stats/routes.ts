import type { FastifyInstance } from 'fastify';
import { departmentIds } from '../../../domain/departments.ts';
import type { OrdersCount, ProductsCount, SalesTotal, Stats } from '../../../domain/stats.ts';
import { clockOf, type AppContext } from '../../context.ts';
import { requireAdmin, requireManager } from '../../plugins/auth.ts';
import { departmentFigures, statsOf, weeklyActivity } from './counters.ts';

/**
 * Admin counters (domain/stats.ts): admin-only, for all six departments. Figures are computed
 * on each call (a few grouped queries on indexed columns); the dashboard asks for them online.
 * /stats adds this week against last week (Sunday 00:00 in BUSINESS_TZ, the app's clock).
 */
export async function statsRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, config } = options;
  const clock = clockOf(options);
  const admin = { preHandler: requireAdmin };

  app.get('/stats', admin, async (): Promise<Stats> => {
    const [figures, weekly] = await Promise.all([
      departmentFigures(db),
      weeklyActivity(db, clock(), config.businessTz),
    ]);
    return statsOf(figures, weekly);
  });

  for (const department of departmentIds) {
    // A department's admin function: admins and its manager (docs/decisions/0038).
    const manager = { preHandler: requireManager(department) };
    const figuresOf = async () => {
      const figures = (await departmentFigures(db, department)).get(department);
      if (!figures) throw new Error(`No figures for ${department}`);
      return figures;
    };
    app.get(`/${department}/orders-count`, manager, async (): Promise<OrdersCount> => ({
      totalCount: (await figuresOf()).totalOrders,
    }));
    app.get(`/${department}/sales-total`, manager, async (): Promise<SalesTotal> => ({
      totalSales: (await figuresOf()).totalSales,
    }));
    app.get(`/${department}/products-count`, manager, async (): Promise<ProductsCount> => {
      const { totalProducts, totalStockUnits } = await figuresOf();
      return { totalProducts, totalStockUnits };
    });
  }
}
