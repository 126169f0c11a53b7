import type { KyInstance } from 'ky';
import { stockCountSchema, type StockCountJson } from '../../../../domain/stock-counts.ts';
import { sendJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/**
 * An admin's decision on a submitted count, online only (decision 0020): applying changes stock in
 * every department view at once, so it is never queued to happen later on a device. Named
 * `admin-*`: it stays out of the staff screens' precached chunks.
 */
export function decideStockCount(
  token: string,
  dept: string,
  id: string,
  decision: 'apply' | 'cancel',
  client: KyInstance = apiClient,
): Promise<OnlineResult<StockCountJson>> {
  return sendJson(
    token,
    'post',
    `${dept}/stock-counts/${id}/${decision}`,
    {},
    stockCountSchema,
    client,
  );
}
