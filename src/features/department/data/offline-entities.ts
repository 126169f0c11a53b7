import { productDepartmentIds } from '../../../../domain/departments.ts';
import { ordersKeptDays, ordersKeptMax } from '../../../../domain/order-retention.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import type { OfflineEntities } from '../../../sync/registry.ts';
import { createdWindow } from '../../../sync/retention-rule.ts';
import { toOrderRecord, toProductRecord } from './catalog-wire.ts';

/**
 * The department's mirrored lists, declared once for the sync engine (src/sync/registry.ts): the
 * products and orders of every product department (pulled in this order). A tablet keeps the
 * orders of a window of days (decision 0035): older ones are read online on the Orders page. The
 * writes are declared by the features that queue them (products/data/offline-entities.ts,
 * orders/data/…). Listed in src/app/offline-entities.ts.
 */
export const departmentOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'products',
      scope: 'department',
      departments: productDepartmentIds,
      path: (department) => `${department}/products`,
      pageSize: syncPageLimits.defaultLimit,
      // No plain 'department' index on products (version 9 of src/db/database.ts): fewer writes.
      scopeIndex: '[department+sortName]',
      toRecord: (raw, department) => toProductRecord(raw, department),
    },
    {
      table: 'orders',
      scope: 'department',
      departments: productDepartmentIds,
      path: (department) => `${department}/orders`,
      pageSize: syncPageLimits.defaultLimit,
      scopeIndex: 'department',
      toRecord: (raw, department) => toOrderRecord(raw, department),
      pendingField: 'pendingOutboxId',
      // Its index was declared in version 1 of src/db/database.ts: no new Dexie version is needed.
      retention: createdWindow(ordersKeptDays.default, ordersKeptMax),
    },
  ],
};
