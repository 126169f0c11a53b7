import type { Migration } from 'kysely/migration';
import * as users from './0001-users.ts';
import * as catalog from './0002-catalog.ts';
import * as contact from './0003-contact.ts';
import * as listVersions from './0004-list-versions.ts';
import * as printingOrders from './0005-printing-orders.ts';
import * as rateLimits from './0006-rate-limits.ts';
import * as auditLog from './0007-audit-log.ts';
import * as movementLogs from './0008-movement-logs.ts';
import * as settingsSupport from './0009-settings-support.ts';
import * as ordersPerDepartment from './0010-orders-per-department.ts';
import * as productBarcodeReorderLevel from './0011-product-barcode-reorder-level.ts';
import * as stockCounts from './0012-stock-counts.ts';
import * as conditionFromReorderLevel from './0013-condition-from-reorder-level.ts';
import * as orderNumberSequences from './0014-order-number-sequences.ts';

/**
 * Every migration, listed explicitly (no folder scanning, so it works the same in tests and in
 * production). Names sort in the order they run; add one line per new file and never rename or
 * edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-users': users,
  '0002-catalog': catalog,
  '0003-contact': contact,
  '0004-list-versions': listVersions,
  '0005-printing-orders': printingOrders,
  '0006-rate-limits': rateLimits,
  '0007-audit-log': auditLog,
  '0008-movement-logs': movementLogs,
  '0009-settings-support': settingsSupport,
  '0010-orders-per-department': ordersPerDepartment,
  '0011-product-barcode-reorder-level': productBarcodeReorderLevel,
  '0012-stock-counts': stockCounts,
  '0013-condition-from-reorder-level': conditionFromReorderLevel,
  '0014-order-number-sequences': orderNumberSequences,
};
