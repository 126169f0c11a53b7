import type { KyInstance } from 'ky';
import { z } from 'zod';
import { createdRangeParams } from '../../../../domain/created-range.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import { getJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/**
 * Orders older than the tablet keeps (decision 0035), read online when the user asks for a period:
 * the orders list's change pages in a creation range, walked page by page. Nothing here touches
 * the mirror. Named `admin-*` and loaded with `import()` by the Orders page, so it stays in a
 * chunk the service worker does not precache (vite.config.ts): offline it is never needed.
 */
const olderOrderSchema = z.object({
  _id: z.string().min(1),
  orderId: z.string().nullish(),
  productId: z.string(),
  productName: z.string().default(''),
  quantity: z.number(),
  price: z.number(),
  total: z.number(),
  createdAt: z.string(),
});
export type OlderOrder = z.output<typeof olderOrderSchema>;

const pageSchema = z.object({
  items: z.array(olderOrderSchema),
  cursor: z.union([z.string(), z.number()]).transform(String),
  more: z.boolean().default(false),
});

/** The most orders one period shows: a period of more says it is shown in part. */
export const olderOrdersCap = 10_000;

export interface OlderOrders {
  /** Newest first. */
  orders: OlderOrder[];
  /** False when the period holds more than `olderOrdersCap` orders and the rest were not read. */
  complete: boolean;
}

/** The department's orders created in [since, before) (ISO instants), newest first. */
export async function fetchOrdersCreatedIn(
  token: string,
  dept: string,
  range: { since: string; before: string },
  client: KyInstance = apiClient,
): Promise<OnlineResult<OlderOrders>> {
  // By id: an order edited during the walk comes again on a later page; the later copy wins.
  const found = new Map<string, OlderOrder>();
  let cursor = '0';
  for (;;) {
    const page = await getJson(token, `${dept}/orders`, pageSchema, {
      client,
      searchParams: {
        updatedSince: cursor,
        limit: syncPageLimits.maxLimit,
        [createdRangeParams.since]: range.since,
        [createdRangeParams.before]: range.before,
      },
    });
    if (!page.ok) return page;
    for (const order of page.value.items) found.set(order._id, order);
    const complete = !page.value.more;
    if (complete || found.size >= olderOrdersCap) {
      const orders = [...found.values()].sort((a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
      );
      return { ok: true, value: { orders, complete } };
    }
    cursor = page.value.cursor;
  }
}
