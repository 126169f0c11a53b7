import { businessDateTime, type Cell, type Sheet } from '../../../../domain/spreadsheet.ts';
import { transferDirection } from '../../../../domain/transfers.ts';
import type { MovementLogRecord } from '../../../db/database.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';

export const directionLabels = {
  in: 'transfers.direction.in',
  out: 'transfers.direction.out',
  between: 'transfers.direction.between',
} as const;

/**
 * The movement logs as the screen lists them (its search and sort applied by the caller), with the
 * whole transaction id rather than the screen's last 8 characters, so a row can be traced.
 */
export function movementLogsSheet(
  logs: readonly MovementLogRecord[],
  t: TranslateFn,
  timeZone?: string,
): Sheet {
  const header: Cell[] = [
    t('transfers.logs.col.date'),
    t('transfers.logs.col.transactionId'),
    t('transfers.logs.col.product'),
    t('transfers.logs.col.origin'),
    t('transfers.logs.col.destination'),
    t('transfers.logs.col.quantity'),
    t('transfers.logs.col.direction'),
    t('transfers.logs.col.reason'),
    t('transfers.logs.col.user'),
    t('inventory.export.col.synced'),
  ];
  const rows = logs.map((log): Cell[] => [
    businessDateTime(log.transferDate, timeZone),
    log.transactionId,
    log.productName,
    log.origin,
    log.destination,
    log.transferQuantity,
    t(directionLabels[transferDirection(log)]),
    log.reason,
    log.userEmail,
    t(log.pendingOutboxId ? 'inventory.export.no' : 'inventory.export.yes'),
  ]);
  return [header, ...rows];
}
