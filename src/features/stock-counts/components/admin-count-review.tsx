import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { linesWithVariance } from '../../../../domain/stock-counts.ts';
import { describeFailure } from '../../../components/admin-connection.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import type { StockCountRecord } from '../../../db/database.ts';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { syncNow } from '../../../sync/sync-engine.ts';
import { decideStockCount } from '../data/admin-stock-counts-api.ts';

type Decision = 'apply' | 'cancel';

/**
 * An admin's review of a submitted count (its lazy chunk; online only): the variances are in the
 * table above; Apply adjustments changes every differing product's stock by its variance in one
 * transaction on the server, Cancel count drops it. The answer shows at once and the next pull
 * brings the new stock and the count's status to every device.
 */
export function AdminCountReview({ dept, count }: { dept: string; count: StockCountRecord }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const differing = linesWithVariance(count.lines);
  const missing = differing.filter((line) => (line.variance ?? 0) < 0).length;

  async function decide(decision: Decision) {
    if (!session || busy) return;
    setBusy(true);
    setFailure(null);
    const result = await decideStockCount(session.token, dept, count._id, decision);
    setBusy(false);
    setAsking(null);
    if (!result.ok) {
      setFailure(describeFailure(t, translateMessage, result));
      return;
    }
    notifySuccess(
      decision === 'apply'
        ? t('stockCounts.review.applied', {
            count: linesWithVariance(result.value.lines).length,
          })
        : t('stockCounts.review.cancelled'),
    );
    void syncNow();
  }

  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" mt="4">
      <Text fontWeight="semibold">
        {differing.length === 0
          ? t('stockCounts.review.noDifference')
          : t('stockCounts.review.summary', {
              count: differing.length,
              missing,
              surplus: differing.length - missing,
            })}
      </Text>
      {failure ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      ) : null}
      <HStack gap="3" wrap="wrap">
        <Button
          colorPalette="blue"
          minH="11"
          onClick={() => setAsking('apply')}
          loading={busy && asking === 'apply'}
        >
          {t('stockCounts.review.apply')}
        </Button>
        <Button variant="outline" minH="11" onClick={() => setAsking('cancel')}>
          {t('stockCounts.review.cancel')}
        </Button>
      </HStack>
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        onConfirm={() => void (asking && decide(asking))}
        title={
          asking === 'cancel'
            ? t('stockCounts.review.cancelTitle')
            : t('stockCounts.review.applyTitle')
        }
        text={
          asking === 'cancel'
            ? t('stockCounts.review.cancelText', { location: count.location })
            : t('stockCounts.review.applyText', {
                count: differing.length,
                location: count.location,
              })
        }
        confirmLabel={
          asking === 'cancel' ? t('stockCounts.review.cancel') : t('stockCounts.review.apply')
        }
        busy={busy}
      />
    </Stack>
  );
}
