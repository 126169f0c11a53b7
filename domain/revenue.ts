import { z } from 'zod';

/**
 * Revenue per department (docs/server-behaviour.md, 'Revenue'): GET /api/v1/{dept}/revenue?period=…
 * sums the totals of the department's orders created in the current day, week (Sunday 00:00 to
 * Saturday end) or month, in the business time zone (BUSINESS_TZ). `startDate` is the period's
 * first instant and `endDate` its last (both ISO-8601 UTC), so the page can say which days it
 * covers. Printing sums `totalPrice`. Money is whole shillings.
 */
export const revenuePeriods = ['day', 'week', 'month'] as const;
export type RevenuePeriod = (typeof revenuePeriods)[number];

export const revenueQuerySchema = z.object({
  period: z.enum(revenuePeriods, { error: 'Period must be day, week or month.' }).default('day'),
});

export const revenueSchema = z.object({
  revenue: z.number().int().nonnegative(),
  period: z.enum(revenuePeriods),
  startDate: z.string(),
  endDate: z.string(),
});
export type Revenue = z.infer<typeof revenueSchema>;

export const revenueMessages = {
  /** Spec section 8: a revenue card whose call failed. */
  fetchFailed: 'Error fetching data',
} as const;
