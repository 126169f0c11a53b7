import { businessDateTime, type Cell, type Sheet } from '../../../../domain/sheet.ts';
import type { OrderRecord } from '../../../db/database.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';

/**
 * The department's orders from the mirror as a sheet, newest first (listOrders' order), header in
 * the UI's language. An order placed offline and not yet on the server is exported too, marked in
 * 'Sent to the server', so a count made from the file agrees with the tablet.
 */
export function ordersSheet(
  orders: readonly OrderRecord[],
  t: TranslateFn,
  options: {
    timeZone?: string | undefined;
    /**
     * Where each product is kept, by product id (readOrderLocations): given for a department
     * whose products carry a location, it adds a Location column after Product.
     */
    locations?: ReadonlyMap<string, string> | undefined;
  } = {},
): Sheet {
  const { timeZone, locations } = options;
  const header: Cell[] = [
    t('inventory.export.col.date'),
    t('inventory.export.col.orderId'),
    t('inventory.export.col.product'),
    ...(locations ? [t('inventory.export.col.location')] : []),
    t('inventory.export.col.quantity'),
    t('inventory.export.col.unitPrice'),
    t('inventory.export.col.total'),
    t('inventory.export.col.status'),
    t('inventory.export.col.synced'),
  ];
  const rows = orders.map((order): Cell[] => [
    businessDateTime(order.createdAt, timeZone),
    order.orderId ?? order._id,
    order.productName,
    ...(locations ? [locations.get(order.productId) ?? ''] : []),
    order.quantity,
    order.price,
    order.total,
    order.status === 'pending' ? t('catalog.orderStatus.pending') : order.status,
    t(order.pendingOutboxId ? 'inventory.export.no' : 'inventory.export.yes'),
  ]);
  return [header, ...rows];
}
