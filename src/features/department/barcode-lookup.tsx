import { useId, useState, type ComponentType, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../domain/departments.ts';
import type { ProductRecord } from '../../db/database.ts';
import { useT } from '../../i18n/i18n.tsx';
import { ChakraPart, loadChakraForParts } from '../../components/chakra-part.tsx';
import '../../components/plain-controls.css';
import './barcode-lookup.css';
import { findProductByBarcode } from './find-by-barcode.ts';
// A type only: the dialog itself stays in its lazy chunk.
import type { ScannerDialogProps } from './scanner/scanner-dialog.tsx';

/**
 * 'Find by barcode' (issue 15): a typed code, or a keyboard-wedge scanner (USB or Bluetooth, which
 * types the code and Enter), hands the department's product to `onFound` (the home opens it, the
 * order screen selects it) or says 'No product with this barcode', read from the mirror so it
 * works offline. The field keeps focus after a miss, so the next scan goes straight in. It is its
 * own form: place it outside another form. Plain elements (barcode-lookup.css): the department
 * home renders before Chakra has loaded (decision 0045); the scanner's dialog loads it when opened.
 */
export function BarcodeLookup({
  dept,
  onFound,
  onMissing,
}: {
  dept: ProductDepartmentId;
  onFound: (product: ProductRecord) => void | Promise<void>;
  /**
   * A code no product has: the caller takes it (goods received starts a new product with it)
   * instead of the 'No product with this barcode' message.
   */
  onMissing?: (code: string) => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [Scanner, setScanner] = useState<ComponentType<ScannerDialogProps> | null>(null);
  const [scannerMissing, setScannerMissing] = useState(false);
  const messageId = useId();
  const inputId = useId();

  function openScanner() {
    setScannerMissing(false);
    // Its own chunk and zxing's .wasm, cached by the service worker on first use (not precached).
    // The dialog is Chakra's: on a page without it, Chakra comes with it.
    Promise.all([import('./scanner/scanner-dialog.tsx'), loadChakraForParts()])
      .then(([module]) => setScanner(() => module.ScannerDialog))
      .catch(() => setScannerMissing(true));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void lookUp(code);
  }

  async function lookUp(typed: string) {
    const wanted = typed.trim();
    if (wanted === '') return;
    setFailed(false);
    try {
      const product = await findProductByBarcode(dept, wanted);
      if (!product) {
        if (onMissing) {
          setCode('');
          onMissing(wanted);
        } else {
          setMissing(wanted);
        }
        return;
      }
      setMissing(null);
      setCode('');
      await onFound(product);
    } catch {
      // The mirror could not be read (storage evicted, a blocked upgrade).
      setFailed(true);
    }
  }

  const message = failed
    ? t('inventory.lookup.failed')
    : scannerMissing
      ? t('inventory.scan.notInstalled')
      : missing !== null
        ? t('inventory.lookup.notFound', { code: missing })
        : null;

  return (
    <form role="search" aria-label={t('inventory.lookup.label')} onSubmit={submit}>
      <div className="barcode-lookup">
        <label className="field-label" htmlFor={inputId}>
          {t('inventory.lookup.label')}
        </label>
        <div className="barcode-lookup__row">
          <input
            id={inputId}
            className="field-input"
            value={code}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={message !== null ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setMissing(null);
              setFailed(false);
            }}
          />
          <button type="submit" className="plain-button" disabled={code.trim() === ''}>
            {t('inventory.lookup.open')}
          </button>
          <button
            type="button"
            className="button button--outline"
            aria-label={t('inventory.scan.openLabel')}
            onClick={openScanner}
          >
            {t('inventory.scan.open')}
          </button>
        </div>
        {message ? (
          <p id={messageId} role="alert" className="field-error">
            {message}
          </p>
        ) : null}
      </div>
      {Scanner ? (
        <ChakraPart>
          <Scanner
            onClose={() => setScanner(null)}
            onResult={(scanned) => {
              setScanner(null);
              setCode(scanned);
              void lookUp(scanned);
            }}
          />
        </ChakraPart>
      ) : null}
    </form>
  );
}
