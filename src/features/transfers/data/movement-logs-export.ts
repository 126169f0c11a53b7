import { businessDateTime, type Cell, type Sheet } from '../../../../domain/sheet.ts';
import { stockCountPlace, stockCountReason } from '../../../../domain/stock-counts.ts';
import { transferDirection } from '../../../../domain/transfers.ts';
import type { MovementLogRecord } from '../../../db/database.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';

export const directionLabels = {
  in: 'transfers.direction.in',
  out: 'transfers.direction.out',
  between: 'transfers.direction.between',
} as const;

/**
 * A log's places and reason as the user reads them: a stock count's adjustment (decision 0020)
 * is stored under fixed English words, shown in the UI language; anything typed by a user is
 * shown as typed.
 */
export function logTexts(
  log: Pick<MovementLogRecord, 'origin' | 'destination' | 'reason'>,
  t: TranslateFn,
): { origin: string; destination: string; reason: string } {
  const place = (value: string) =>
    value === stockCountPlace ? t('transfers.stockCountPlace') : value;
  return {
    origin: place(log.origin),
    destination: place(log.destination),
    reason: log.reason === stockCountReason ? t('transfers.stockCountReason') : log.reason,
  };
}

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
    logTexts(log, t).origin,
    logTexts(log, t).destination,
    log.transferQuantity,
    t(directionLabels[transferDirection(log)]),
    logTexts(log, t).reason,
    log.userEmail,
    t(log.pendingOutboxId ? 'inventory.export.no' : 'inventory.export.yes'),
  ]);
  return [header, ...rows];
}
