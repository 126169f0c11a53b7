import { productDepartmentIds } from '../../../../domain/departments.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import type { OfflineEntities } from '../../../sync/registry.ts';
import { toOrderRecord, toProductRecord } from './catalog-wire.ts';

/**
 * The department's mirrored lists, declared once for the sync engine (src/sync/registry.ts): the
 * products and orders of every product department (pulled in this order). The writes are declared
 * by the features that queue them (products/data/offline-entities.ts, orders/data/…). Listed in
 * src/app/offline-entities.ts.
 */
export const departmentOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'products',
      scope: 'department',
      departments: productDepartmentIds,
      path: (department) => `${department}/products`,
      pageSize: syncPageLimits.defaultLimit,
      scopeIndex: 'department',
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
    },
  ],
};
