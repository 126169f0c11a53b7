import type { KyInstance } from 'ky';
import { z } from 'zod';
import type { DepartmentId } from '../../../../domain/departments.ts';
import { statsSchema, type Stats } from '../../../../domain/stats.ts';
import { getJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/** GET /stats: totals, per department, and this week against last week. */
export function fetchStats(
  token: string,
  client: KyInstance = apiClient,
): Promise<OnlineResult<Stats>> {
  return getJson(token, 'stats', statsSchema, { client });
}

/**
 * An order as the dashboard lists it. The catalog departments' orders and printing jobs differ
 * (productName/total against description/totalPrice), so both shapes are read into one row.
 */
const listedOrderSchema = z
  .object({
    _id: z.string(),
    orderId: z.string().nullish(),
    receiptNumber: z.string().nullish(),
    productName: z.string().optional(),
    description: z.string().optional(),
    quantity: z.number(),
    total: z.number().optional(),
    totalPrice: z.number().optional(),
    createdAt: z.string(),
  })
  .transform((order) => ({
    id: order._id,
    reference: order.orderId ?? order.receiptNumber ?? null,
    product: order.productName ?? order.description ?? '',
    quantity: order.quantity,
    total: order.total ?? order.totalPrice ?? 0,
    createdAt: order.createdAt,
  }));
export type DashboardOrder = z.output<typeof listedOrderSchema>;

/** A plain array, or the spec's `{orders}` wrapper. */
const ordersSchema = z.union([
  z.array(listedOrderSchema),
  z.object({ orders: z.array(listedOrderSchema) }).transform((body) => body.orders),
]);

/** How many of the newest orders the dashboard shows. */
export const recentOrdersShown = 10;

/** GET /{dept}/orders, the newest `recentOrdersShown` first. */
export async function fetchRecentOrders(
  token: string,
  department: DepartmentId,
  client: KyInstance = apiClient,
): Promise<OnlineResult<DashboardOrder[]>> {
  const result = await getJson(token, `${department}/orders`, ordersSchema, { client });
  if (!result.ok) return result;
  const newest = [...result.value].sort((a, b) =>
    a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1,
  );
  return { ok: true, value: newest.slice(0, recentOrdersShown) };
}
