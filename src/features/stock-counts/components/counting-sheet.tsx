import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { normalizeQuery } from '../../../../domain/search.ts';
import { countProgress, stockCountMessages } from '../../../../domain/stock-counts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import type { CountDraftRecord, StockCountRecord } from '../../../db/database.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { CommandError } from '../../../sync/command-error.ts';
import { useWritesWait } from '../../../sync/use-sync-status.ts';
import { BarcodeLookup } from '../../department/barcode-lookup.tsx';
import { submitStockCount } from '../commands/submit-stock-count.ts';
import { CountLineRow } from './count-line-row.tsx';

const linesPerPage = 100;

/**
 * The blind count of an open count (decision 0020): every product of the location without its
 * stock; the counter types each quantity or scans a product (its line is found and focused).
 * Each entry is saved on the device as it is made, so the count can be paused and resumed after
 * a reload; Submit count queues the submission, which works offline.
 */
export function CountingSheet({
  dept,
  count,
  draft,
}: {
  dept: ProductDepartmentId;
  count: StockCountRecord;
  draft: CountDraftRecord | null;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(linesPerPage);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const writesWait = useWritesWait();
  const counted = draft?.counted ?? {};
  const progress = countProgress(count.lines, counted);
  const uncounted = progress.total - progress.done;
  const needle = normalizeQuery(filter);
  const matching = count.lines.filter(
    (line) =>
      needle === '' ||
      line.productName.toLocaleLowerCase().includes(needle) ||
      (line.barcode ?? '').toLocaleLowerCase().includes(needle),
  );
  // A location may hold thousands of products: render a page of lines at a time.
  const shown = matching.slice(0, limit);

  function focusLine(productId: string) {
    const line = count.lines.find((candidate) => candidate.productId === productId);
    if (!line) {
      setNotice(translateMessage(stockCountMessages.notInCount));
      return;
    }
    setNotice(t('stockCounts.sheet.scanned', { name: line.productName }));
    // Show the scanned line (wherever it is in a long count), then focus it for the quantity.
    setFilter(line.barcode ?? line.productName);
    requestAnimationFrame(() => {
      const input = inputs.current.get(productId);
      input?.scrollIntoView({ block: 'center' });
      input?.focus();
      input?.select();
    });
  }

  async function submit() {
    if (submitting) return;
    setSubmitting(true);
    try {
      await submitStockCount(dept, count._id);
      setConfirming(false);
      notifySuccess(
        t(writesWait ? 'stockCounts.sheet.submittedQueued' : 'stockCounts.sheet.submitted', {
          location: count.location,
        }),
      );
    } catch (error) {
      notifyError(
        translateMessage(error instanceof CommandError ? error.message : stockCountMessages.failed),
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Stack gap="4">
      <Text fontWeight="semibold" role="status" aria-live="polite">
        {t('stockCounts.progress', { done: progress.done, total: progress.total })}
      </Text>
      <Text color="fg.muted">{t('stockCounts.sheet.blindHint')}</Text>
      <BarcodeLookup dept={dept} onFound={(product) => focusLine(product._id)} />
      {notice ? <Text color="fg.muted">{notice}</Text> : null}
      <Field.Root maxW="md">
        <Field.Label>{t('stockCounts.sheet.filter')}</Field.Label>
        <Input
          type="search"
          value={filter}
          autoComplete="off"
          onChange={(event) => {
            setFilter(event.target.value);
            setLimit(linesPerPage);
          }}
        />
      </Field.Root>
      <Box as="ul" listStyleType="none" m="0" p="0" aria-label={t('stockCounts.sheet.linesLabel')}>
        {shown.map((line) => (
          <CountLineRow
            key={line.productId}
            countId={count._id}
            line={line}
            entered={counted[line.productId]?.counted}
            inputRef={(element) => {
              if (element) inputs.current.set(line.productId, element);
              else inputs.current.delete(line.productId);
            }}
          />
        ))}
      </Box>
      {shown.length === 0 ? <Text color="fg.muted">{t('stockCounts.sheet.noMatch')}</Text> : null}
      {matching.length > shown.length ? (
        <Button
          variant="outline"
          minH="11"
          alignSelf="start"
          onClick={() => setLimit((current) => current + linesPerPage)}
        >
          {t('stockCounts.sheet.showMore', {
            count: Math.min(linesPerPage, matching.length - shown.length),
            left: matching.length - shown.length,
          })}
        </Button>
      ) : null}
      <HStack>
        <Button colorPalette="blue" minH="11" onClick={() => setConfirming(true)}>
          {t('stockCounts.sheet.submit')}
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
        title={t('stockCounts.sheet.submitTitle', { location: count.location })}
        text={
          uncounted === 0
            ? t('stockCounts.sheet.submitAll', { count: progress.total })
            : t('stockCounts.sheet.submitUncounted', { count: uncounted })
        }
        confirmLabel={t('stockCounts.sheet.submit')}
        busy={submitting}
        tone="proceed"
      />
    </Stack>
  );
}
