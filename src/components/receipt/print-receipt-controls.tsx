import { Button, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { notifyError } from '../notify.ts';
import { downloadReceiptPdf, savedReceiptLayout, saveReceiptLayout } from './print-receipt.ts';
import type { ReceiptCompany } from './receipt-company.ts';
import type { ReceiptContent } from './receipt-content.ts';
import type { ReceiptLayout } from './receipt-pdf.ts';

/** What a print control needs: the button's words and the content, given the company details. */
export interface PrintReceiptProps {
  /** The button's text ('Print Order', 'Print receipt'). */
  text: string;
  /** Its accessible name where the text alone does not say which record it prints (a row). */
  label?: string;
  /** Builds the receipt at the moment of printing, so it carries the record's latest number. */
  receipt: (company: ReceiptCompany) => ReceiptContent;
  /** The busy and failure words of a document that is not a receipt (a goods-received note). */
  busyText?: string;
  failedText?: string;
}

/** Prints in `layout`; while the PDF is drawn `busy` is true; a failure is notified. */
function usePrintReceipt(receipt: PrintReceiptProps['receipt'], failedText?: string) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  async function print(layout: ReceiptLayout) {
    setBusy(true);
    try {
      await downloadReceiptPdf(receipt, layout);
    } catch (error) {
      // jspdf's chunk did not load (an old cached version) or drawing failed: the spec's text,
      // and the cause in the console for whoever investigates.
      console.error('Receipt generation failed', error);
      notifyError(failedText ?? t('receipt.print.failed'));
    } finally {
      setBusy(false);
    }
  }
  return { busy, print };
}

/** The paper choice (remembered for the device) and the print button: a details page's footer. */
export function PrintReceiptControls(props: PrintReceiptProps) {
  const { text, label, receipt, busyText, failedText } = props;
  const t = useT();
  const [layout, setLayout] = useState<ReceiptLayout>(savedReceiptLayout);
  const { busy, print } = usePrintReceipt(receipt, failedText);
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'end' }} w="full">
      <NativeSelect.Root size="sm" maxW={{ sm: '48' }}>
        <NativeSelect.Field
          aria-label={t('receipt.print.paper')}
          value={layout}
          onChange={(event) => {
            const next: ReceiptLayout = event.currentTarget.value === 'roll80' ? 'roll80' : 'a4';
            setLayout(next);
            saveReceiptLayout(next);
          }}
        >
          <option value="a4">{t('receipt.print.a4')}</option>
          <option value="roll80">{t('receipt.print.roll')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button
        colorPalette="blue"
        aria-label={label}
        onClick={() => void print(layout)}
        loading={busy}
        loadingText={busyText ?? t('receipt.print.generating')}
      >
        {text}
      </Button>
    </Stack>
  );
}
/** A row's print button: the paper last chosen on this device, no choice of its own. */
export function PrintReceiptButton({ text, label, receipt }: PrintReceiptProps) {
  const { busy, print } = usePrintReceipt(receipt);
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={label}
      onClick={() => void print(savedReceiptLayout())}
      loading={busy}
    >
      {text}
    </Button>
  );
}
