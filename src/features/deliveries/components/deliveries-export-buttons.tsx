import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { businessDate } from '../../../../domain/sheet.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import type { DeliveryRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { serverNow } from '../../../sync/server-clock.ts';
import { deliveriesSheet } from '../data/deliveries-export.ts';
import '../../../i18n/screen-words-deliveries.ts';

/**
 * Export CSV / XLSX of the deliveries list: the deliveries its filters show (`deliveries`), one
 * row per line, from the mirror, so it works offline.
 */
export function DeliveriesExportButtons({
  dept,
  deliveries,
}: {
  dept: ProductDepartmentId;
  deliveries: readonly DeliveryRecord[];
}) {
  const t = useT();
  return (
    <ExportButtons
      what={t('deliveries.export.what')}
      fileBase={`${dept}-deliveries-${businessDate(serverNow())}`}
      sheetName={t('deliveries.export.sheet')}
      empty={deliveries.length === 0}
      buildSheet={() => deliveriesSheet(deliveries, t)}
    />
  );
}
