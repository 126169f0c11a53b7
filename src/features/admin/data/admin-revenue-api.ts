import type { KyInstance } from 'ky';
import type { DepartmentId } from '../../../../domain/departments.ts';
import { revenueSchema, type Revenue, type RevenuePeriod } from '../../../../domain/revenue.ts';
import { getJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/** GET /{dept}/revenue?period=day|week|month (domain/revenue.ts). */
export function fetchRevenue(
  token: string,
  department: DepartmentId,
  period: RevenuePeriod,
  client: KyInstance = apiClient,
): Promise<OnlineResult<Revenue>> {
  return getJson(token, `${department}/revenue`, revenueSchema, {
    client,
    searchParams: { period },
  });
}
