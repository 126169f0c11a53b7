import type { KyInstance } from 'ky';
import type { DepartmentId } from '../../../../domain/departments.ts';
import {
  ordersCountSchema,
  productsCountSchema,
  salesTotalSchema,
} from '../../../../domain/stats.ts';
import { getJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/** One department's counters, as its Figures screen shows them (decision 0038). */
export interface DepartmentCounters {
  totalOrders: number;
  totalSales: number;
  totalProducts: number;
  totalStockUnits: number;
}

/**
 * The three answers in one result: the counters when all three came, else the first failure,
 * preferring 'network' (the connection, not the server, is what the screen should talk about).
 */
export function combineCounters(
  orders: OnlineResult<{ totalCount: number }>,
  sales: OnlineResult<{ totalSales: number }>,
  products: OnlineResult<{ totalProducts: number; totalStockUnits: number }>,
): OnlineResult<DepartmentCounters> {
  if (orders.ok && sales.ok && products.ok) {
    return {
      ok: true,
      value: {
        totalOrders: orders.value.totalCount,
        totalSales: sales.value.totalSales,
        totalProducts: products.value.totalProducts,
        totalStockUnits: products.value.totalStockUnits,
      },
    };
  }
  const failures = [orders, sales, products].flatMap((result) => (result.ok ? [] : [result]));
  // Not all three succeeded, so `failures` has one at least; the last fallback only satisfies the types.
  return (
    failures.find((failure) => failure.reason === 'network') ??
    failures[0] ?? { ok: false, reason: 'invalid-response' }
  );
}

/**
 * GET /{dept}/orders-count, /sales-total and /products-count together (admins and the
 * department's manager; /stats is the whole company's, admins only).
 */
export async function fetchDepartmentCounters(
  token: string,
  department: DepartmentId,
  client: KyInstance = apiClient,
): Promise<OnlineResult<DepartmentCounters>> {
  const [orders, sales, products] = await Promise.all([
    getJson(token, `${department}/orders-count`, ordersCountSchema, { client }),
    getJson(token, `${department}/sales-total`, salesTotalSchema, { client }),
    getJson(token, `${department}/products-count`, productsCountSchema, { client }),
  ]);
  return combineCounters(orders, sales, products);
}
