import type { Cell, Sheet } from '../../../../domain/sheet.ts';
import { provisionalReceiptNumber } from '../../../components/receipt/receipt-content.ts';
import type { DeliveryRecord } from '../../../db/database.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';
import { confirmedGrn } from './grn-content.ts';
import '../../../i18n/screen-words-deliveries.ts';

/**
 * The deliveries as the list shows them (its filters applied by the caller), one row per line,
 * so a spreadsheet can sum the quantities received per product, supplier or period. A delivery
 * the server has not numbered yet carries the provisional 'OFFLINE-' number its printed note
 * has, and 'No, waiting on this device' in the last column, as the other exports mark it.
 */
export function deliveriesSheet(deliveries: readonly DeliveryRecord[], t: TranslateFn): Sheet {
  const header: Cell[] = [
    t('deliveries.export.col.grn'),
    t('deliveries.export.col.receivedOn'),
    t('deliveries.export.col.supplier'),
    t('deliveries.export.col.note'),
    t('deliveries.export.col.product'),
    t('deliveries.export.col.location'),
    t('deliveries.export.col.quantity'),
    t('inventory.export.col.synced'),
  ];
  const rows = deliveries.flatMap((delivery) => {
    const grn = confirmedGrn(delivery);
    const number = grn ?? provisionalReceiptNumber(delivery._id);
    const synced = t(grn === null ? 'inventory.export.no' : 'inventory.export.yes');
    return [...delivery.lines]
      .sort((a, b) => a.position - b.position)
      .map((line): Cell[] => [
        number,
        delivery.receivedOn,
        delivery.supplierName,
        delivery.noteNumber,
        line.productName,
        line.location,
        line.quantity,
        synced,
      ]);
  });
  return [header, ...rows];
}
