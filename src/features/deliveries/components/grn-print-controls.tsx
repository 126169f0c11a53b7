import { PrintReceiptControls } from '../../../components/receipt/print-receipt-controls.tsx';
import type { DeliveryRecord } from '../../../db/database.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { grnContent } from '../data/grn-content.ts';
import '../../../i18n/screen-words-deliveries.ts';

/**
 * Print GRN on a delivery's page: the paper choice (shared with receipts) and the button. The
 * note is provisional (marked, an OFFLINE- number) until the server has numbered the delivery;
 * it is built when pressed, from the delivery the page shows, so it carries the latest number.
 */
export function GrnPrintControls({ delivery }: { delivery: DeliveryRecord }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <PrintReceiptControls
      text={t('deliveries.grnPdf.print')}
      busyText={t('deliveries.grnPdf.generating')}
      failedText={t('deliveries.grnPdf.failed')}
      receipt={(company) => grnContent(delivery, { t, language, company })}
    />
  );
}
