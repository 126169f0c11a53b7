import { deliveriesOfflineEntities } from '../features/deliveries/data/offline-entities.ts';
import { departmentOfflineEntities } from '../features/department/data/offline-entities.ts';
import { ordersOfflineEntities } from '../features/orders/data/offline-entities.ts';
import { printingOfflineEntities } from '../features/printing/data/offline-entities.ts';
import { productsOfflineEntities } from '../features/products/data/offline-entities.ts';
import { salesOfflineEntities } from '../features/sales/data/offline-entities.ts';
import { settingsOfflineEntities } from '../features/settings/data/offline-entities.ts';
import { stockCountsOfflineEntities } from '../features/stock-counts/data/offline-entities.ts';
import { transfersOfflineEntities } from '../features/transfers/data/offline-entities.ts';
import type { OfflineEntities } from '../sync/registry.ts';

/**
 * Every feature's offline entities, in one explicit list (decisions 0007 and 0030): the window
 * hands it to the sync registry when it first needs it (main.tsx, `setOfflineEntitiesLoader`),
 * the service worker before it replays the outbox (sw/outbox-sync.ts), so both know the same
 * lists and writes. Lists are pulled in this order. A new offline feature adds one line here.
 */
/** The product departments' catalog: their products and orders lists and writes. */
export const catalogOfflineEntities: readonly OfflineEntities[] = [
  departmentOfflineEntities,
  productsOfflineEntities,
  ordersOfflineEntities,
];

export const offlineEntities: readonly OfflineEntities[] = [
  ...catalogOfflineEntities,
  printingOfflineEntities,
  transfersOfflineEntities,
  settingsOfflineEntities,
  stockCountsOfflineEntities,
  salesOfflineEntities,
  deliveriesOfflineEntities,
];
