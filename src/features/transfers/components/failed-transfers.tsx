import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { refusalText } from '../../../components/failure-row.tsx';
import { notifyError } from '../../../components/notify.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { CommandError } from '../../../sync/command-error.ts';
import { discardEntry } from '../../../sync/outbox.ts';
import { retryFailed } from '../../../sync/retry.ts';
import { useFailedTransfers } from '../data/hooks.ts';

/**
 * Transfers the server refused (e.g. the stock moved meanwhile): already rolled back on this
 * device, listed with the server's reason until the user retries (the same transfer, checked
 * against the stock as it is now) or discards them.
 */
export function FailedTransfers({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const failed = useFailedTransfers(dept);
  if (failed.length === 0) return null;

  const retry = async (entryId: string) => {
    try {
      await retryFailed(entryId);
    } catch (error) {
      notifyError(
        error instanceof CommandError ? translateMessage(error.message) : t('transfers.msg.failed'),
      );
    }
  };

  return (
    <Alert.Root status="error" alignItems="start">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>{t('transfers.logs.failedTitle')}</Alert.Title>
        <Alert.Description>{t('transfers.logs.failedText')}</Alert.Description>
        {failed.map((item) => (
          <Stack
            key={item.entryId}
            data-testid="failed-transfer"
            gap="1"
            borderTopWidth="1px"
            pt="2"
          >
            <Text fontWeight="medium">
              {t('transfers.logs.failedBadge')}:{' '}
              {t('transfers.logs.failedItem', {
                product: item.product,
                quantity: item.quantity,
                destination: item.destination,
              })}
            </Text>
            <Text>
              {refusalText(
                { message: item.reason, available: item.available },
                t,
                translateMessage,
              )}
            </Text>
            <HStack gap="2">
              <Button size="xs" colorPalette="blue" onClick={() => void retry(item.entryId)}>
                {t('transfers.logs.retry')}
              </Button>
              <Button size="xs" variant="outline" onClick={() => void discardEntry(item.entryId)}>
                {t('transfers.logs.discard')}
              </Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
    </Alert.Root>
  );
}
