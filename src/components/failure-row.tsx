import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { editConflictSchema, type EditConflict } from '../../domain/product-edit-merge.ts';
import { useT, useTranslateMessage } from '../i18n/i18n.tsx';
import { isMessageKey } from '../i18n/translate.ts';
import { CommandError } from '../sync/command-error.ts';
import { discardEntry } from '../sync/outbox.ts';
import { retryFailed } from '../sync/retry.ts';
import { syncNow } from '../sync/sync-engine.ts';
import type { FailedEntry } from '../sync/sync-status.ts';
import { EditConflictValues } from './edit-conflict.tsx';
import { QuantityField } from './quantity-field.tsx';
import { toaster } from './ui/toaster.tsx';

/**
 * Retry a rejected write: its kind's command is re-run through the registry (the optimistic change
 * and local checks applied again, new Idempotency-Key), with the quantity the user changed if the
 * kind lets them. Then a round starts.
 */
async function retry(entry: FailedEntry, quantity: number | undefined): Promise<void> {
  const editable = entry.editableQuantity;
  const edits =
    editable && quantity !== undefined && quantity !== editable.value
      ? { [editable.field]: quantity }
      : {};
  await retryFailed(entry.id, edits);
  void syncNow();
}

/**
 * A refusal's stored conflict, parsed: entries outlive app versions, so IndexedDB's value is not
 * trusted. Undefined for any other refusal.
 */
export function conflictOfFailure(entry: FailedEntry): EditConflict | undefined {
  const parsed = editConflictSchema.safeParse(entry.conflict);
  return parsed.success ? parsed.data : undefined;
}

/** Drops a refused write; after a conflict a round brings the server's values into the mirror. */
async function discard(entry: FailedEntry): Promise<void> {
  await discardEntry(entry.id);
  if (conflictOfFailure(entry)) void syncNow();
}

/**
 * One refused write with Retry (its quantity editable where the kind allows) and Discard; an edit
 * refused as a conflict shows both values of each field instead, with Apply mine again and Keep
 * theirs (decision 0025).
 */
export function FailureRow({ entry }: { entry: FailedEntry }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const [busy, setBusy] = useState(false);
  // Only what the clerk typed is state: the entry's editable quantity may arrive after the row
  // is first drawn (the panel stays mounted while the offline entities load, decision 0028), and
  // a state seeded from the first render would keep the field away for good.
  const [typedQuantity, setTypedQuantity] = useState<number | undefined>(undefined);
  const quantity = entry.editableQuantity
    ? (typedQuantity ?? entry.editableQuantity.value)
    : undefined;
  const label = failureLabel(entry, t);
  const conflict = conflictOfFailure(entry);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const message = error instanceof CommandError ? translateMessage(error.message) : '';
      toaster.create({
        type: 'error',
        title: t('catalog.order.error', { message: message || String(error) }),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box as="li" borderWidth="1px" borderColor="red.200" rounded="md" p="2">
      <Text fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      <Text fontSize="sm" color="red.700">
        {refusalText(entry, t, translateMessage)}
      </Text>
      {conflict ? (
        <>
          <EditConflictValues conflict={conflict} />
          <Text fontSize="xs" color="fg.muted" mt="1">
            {t('syncStatus.conflict.help')}
          </Text>
        </>
      ) : null}
      {quantity !== undefined ? (
        <Stack gap="1" mt="2">
          <QuantityField
            label={t('syncStatus.retryQuantity')}
            value={quantity}
            onChange={setTypedQuantity}
            disabled={busy}
          />
          <Text fontSize="xs" color="fg.muted">
            {t('syncStatus.retryEditHelp')}
          </Text>
        </Stack>
      ) : null}
      {/* A conflict's Retry is "Apply mine again": the kind's retry takes the server's record in
          the refusal as its base. Its Discard is "Keep theirs": the mirror was rolled back at
          the refusal, and a round brings their values in. */}
      <HStack mt="2" gap="2" wrap="wrap">
        <Button
          size="sm"
          colorPalette="blue"
          disabled={busy}
          onClick={() => run(() => retry(entry, quantity))}
        >
          {conflict ? t('syncStatus.applyMine') : t('syncStatus.retry')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => run(() => discard(entry))}
        >
          {conflict ? t('syncStatus.keepTheirs') : t('syncStatus.discard')}
        </Button>
      </HStack>
    </Box>
  );
}

/** What the refused write was, in the user's language ('Order: Hammer × 3'). */
export function failureLabel(entry: FailedEntry, t: ReturnType<typeof useT>): string {
  return entry.label && isMessageKey(entry.label.key)
    ? t(entry.label.key, entry.label.values)
    : (entry.kind ?? '');
}

/**
 * What the server said, in the user's language, with the stock it has now when that is why it
 * refused ('Quantity exceeds available stock. There are 3 in stock now.').
 */
export function refusalText(
  entry: Pick<FailedEntry, 'message' | 'available' | 'line'>,
  t: ReturnType<typeof useT>,
  translateMessage: (message: string) => string,
): string {
  // A sentence of its own, whatever the server's text ends with, so more can follow it.
  const raw = translateMessage(entry.message).trim();
  const sentence = raw === '' || /[.!?]$/.test(raw) ? raw : `${raw}.`;
  // A sale's refusal names its line first ('Item 2 (Cement): …'), so the clerk knows which.
  const message = entry.line
    ? `${t('syncStatus.refusedLine', {
        number: entry.line.index + 1,
        product: entry.line.productName ?? '—',
      })} ${sentence}`
    : sentence;
  if (entry.available === undefined) return message;
  return `${message} ${t('syncStatus.availableNow', { count: entry.available })}`;
}
