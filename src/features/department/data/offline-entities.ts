import { productDepartmentIds } from '../../../../domain/departments.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import { registerMirrorList } from '../../../sync/registry.ts';
import { toOrderRecord, toProductRecord } from './catalog-wire.ts';

/**
 * The department's mirrored lists, declared once for the sync engine (src/sync/registry.ts): the
 * products and orders of every product department (pulled in this order). The writes are declared
 * by the features that queue them (products/data/offline-entities.ts, orders/data/…); the shared
 * queueing helper (catalog-command.ts) imports this module, so every command has these tables in
 * its registry (a rollback or retry spans every registered table).
 */
registerMirrorList({
  table: 'products',
  scope: 'department',
  departments: productDepartmentIds,
  path: (department) => `${department}/products`,
  pageSize: syncPageLimits.defaultLimit,
  scopeIndex: 'department',
  toRecord: (raw, department) => toProductRecord(raw, department),
});

registerMirrorList({
  table: 'orders',
  scope: 'department',
  departments: productDepartmentIds,
  path: (department) => `${department}/orders`,
  pageSize: syncPageLimits.defaultLimit,
  scopeIndex: 'department',
  toRecord: (raw, department) => toOrderRecord(raw, department),
  pendingField: 'pendingOutboxId',
});
