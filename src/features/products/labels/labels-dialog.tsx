import {
  Button,
  Checkbox,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { maxLabels, type LabelLayoutId } from '../../../../domain/labels.ts';
import { formatTsh } from '../../../../domain/money.ts';
import { filterBySearch } from '../../../../domain/search.ts';
import { downloadBlob } from '../../../components/download-blob.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';

const layoutOptions: { id: LabelLayoutId; key: 'inventory.labels.a4' | 'inventory.labels.roll' }[] =
  [
    { id: 'a4-sheet', key: 'inventory.labels.a4' },
    { id: 'roll-50x30', key: 'inventory.labels.roll' },
  ];

/**
 * 'Print labels' on the manage page (issue 15 item 4): choose products that have a barcode, the
 * label paper and the copies, and download a PDF made on this device (labels-pdf.ts, loaded on
 * first use and precached), so it works offline. The tablet's print dialog or the label printer's
 * app prints it.
 */
export function LabelsDialog({
  open,
  onClose,
  dept,
  products,
}: {
  open: boolean;
  onClose: () => void;
  dept: string;
  products: readonly ProductRecord[];
}) {
  const t = useT();
  const [layout, setLayout] = useState<LabelLayoutId>('a4-sheet');
  const [copies, setCopies] = useState('1');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const withBarcode = useMemo(() => products.filter((product) => product.barcode), [products]);
  const shown = useMemo(() => filterBySearch(withBarcode, query, ['name']), [withBarcode, query]);
  const copiesNumber = Number(copies);
  const copiesValid = Number.isInteger(copiesNumber) && copiesNumber >= 1 && copiesNumber <= 100;
  const total = selected.size * (copiesValid ? copiesNumber : 0);
  const tooMany = total > maxLabels;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function download() {
    if (!copiesValid || selected.size === 0 || tooMany) return;
    setBusy(true);
    setError(null);
    try {
      const { labelsPdf } = await import('./labels-pdf.ts');
      const items = withBarcode
        .filter((product) => selected.has(product._id))
        .flatMap((product) =>
          Array.from({ length: copiesNumber }, () => ({
            name: product.name,
            price: formatTsh(product.price),
            barcode: product.barcode ?? '',
            location: product.location ?? undefined,
          })),
        );
      const file = `${dept}-labels-${layout}.pdf`;
      downloadBlob(labelsPdf(items, layout), file);
      notifySuccess(t('inventory.labels.done', { count: items.length, file }));
      onClose();
    } catch {
      // The chunk could not load (never installed offline) or a barcode could not be drawn.
      setError(t('inventory.labels.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open={open} onClose={onClose} title={t('inventory.labels.title')} scrollInside>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{t('inventory.labels.paper')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={layout}
                onChange={(event) =>
                  setLayout(event.currentTarget.value === 'roll-50x30' ? 'roll-50x30' : 'a4-sheet')
                }
              >
                {layoutOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {t(option.key)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!copiesValid}>
            <Field.Label>{t('inventory.labels.copies')}</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={copies}
              onChange={(event) => setCopies(event.target.value)}
            />
            {!copiesValid ? (
              <Field.ErrorText>{t('inventory.labels.copiesInvalid')}</Field.ErrorText>
            ) : null}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('inventory.labels.search')}</Field.Label>
            <Input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
          </Field.Root>
          {withBarcode.length === 0 ? (
            <Text>{t('inventory.labels.none')}</Text>
          ) : (
            <Stack gap="1" role="group" aria-label={t('inventory.labels.products')}>
              {shown.map((product) => (
                <Checkbox.Root
                  key={product._id}
                  minH="44px"
                  checked={selected.has(product._id)}
                  onCheckedChange={(details) => toggle(product._id, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {product.location
                      ? `${product.name} · ${product.location} · ${product.barcode ?? ''}`
                      : `${product.name} · ${product.barcode ?? ''}`}
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
          {withBarcode.length < products.length ? (
            <Text fontSize="sm" color="fg.muted">
              {t('inventory.labels.withoutBarcode', {
                count: products.length - withBarcode.length,
              })}
            </Text>
          ) : null}
          <Text fontWeight="medium" aria-live="polite">
            {t('inventory.labels.total', { count: total })}
          </Text>
          {tooMany ? (
            <Text role="alert" color="red.700">
              {t('inventory.labels.tooMany', { max: maxLabels })}
            </Text>
          ) : null}
          {error ? (
            <Text role="alert" color="red.700">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <HStack gap="3">
          <Button variant="outline" minH="44px" onClick={onClose}>
            {t('inventory.labels.cancel')}
          </Button>
          <Button
            colorPalette="blue"
            minH="44px"
            loading={busy}
            loadingText={t('inventory.labels.making')}
            disabled={selected.size === 0 || !copiesValid || tooMany}
            onClick={() => void download()}
          >
            {t('inventory.labels.download')}
          </Button>
        </HStack>
      </Dialog.Footer>
    </ModalDialog>
  );
}
