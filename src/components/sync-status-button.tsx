import { Badge, Box, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { formatRecentTime } from '../i18n/format.ts';
import { useLanguage, useT } from '../i18n/i18n.tsx';
import { serverClock, serverNow } from '../sync/server-clock.ts';
import type { SyncStatus } from '../sync/sync-status.ts';
import { useSyncStatus } from '../sync/use-sync-status.ts';
import { useDownloadProgressText } from './download-progress.ts';
import { syncStatusView, type SyncStatusView } from './sync-status-view.ts';

export interface SyncSummary {
  status: SyncStatus;
  view: SyncStatusView;
  /** The state in words ('Synced 2 min ago', 'Offline'…). */
  stateText: string;
  /** The state, the counts and the download progress in one line (the button's name). */
  summary: string;
  syncedTime: string;
  /** The last sync on the server's clock (ms), or null before the first. */
  syncedAt: number | null;
  downloading: string | null;
}

/** What the sync button and its panel say about the live sync status. */
export function useSyncSummary(): SyncSummary {
  const t = useT();
  const { language } = useLanguage();
  const status = useSyncStatus();
  const downloading = useDownloadProgressText(status.pullProgress);
  const failedCount = status.failed.length;
  const view = syncStatusView(status);
  // lastSyncedAt is a device stamp: shown on the server's clock, like every other time on screen.
  const syncedAt =
    status.lastSyncedAt === null ? null : serverClock.serverTimeOf(status.lastSyncedAt);
  const syncedTime = formatRecentTime(syncedAt, language, { now: serverNow() });
  const stateText =
    view.labelKey === 'syncStatus.synced'
      ? t(view.labelKey, { time: syncedTime })
      : t(view.labelKey);
  const summary = [
    stateText,
    status.pendingCount > 0 ? t('syncStatus.pending', { count: status.pendingCount }) : null,
    failedCount > 0 ? t('syncStatus.failedCount', { count: failedCount }) : null,
    downloading,
  ]
    .filter(Boolean)
    .join(' · ');
  return { status, view, stateText, summary, syncedTime, syncedAt, downloading };
}

/**
 * A count beside the state's words, drawn by CSS from `data-count`, not as text: the button's
 * name (aria-label) says the counts in words ('1 waiting to sync · 1 failed'), and speech-input
 * users say the visible words ('Needs attention'), which must appear in that name (WCAG 2.5.3,
 * axe label-content-name-mismatch); a digit as text beside them would not.
 */
function CountBadge({ palette, count }: { palette: 'yellow' | 'red'; count: string }) {
  return (
    <Badge
      colorPalette={palette}
      variant="solid"
      aria-hidden="true"
      data-count={count}
      _after={{ content: 'attr(data-count)' }}
    />
  );
}

/**
 * The sync status button of the navigation bar. Drawn at start-up on its own; its panel (a
 * popover with Sync now and the refusals, sync-status-panel.tsx) wraps it once loaded, with
 * the same look, so nothing moves when it arrives. Extra props (the popover trigger's) go to the
 * button.
 */
export function SyncStatusButton({
  sync,
  ...props
}: { sync: SyncSummary } & Omit<ButtonProps, 'children'>) {
  const t = useT();
  const { status, view, stateText, summary, syncedTime, downloading } = sync;
  const failedCount = status.failed.length;
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette={view.palette}
      aria-label={`${t('syncStatus.label')}: ${summary}`}
      {...props}
    >
      <Box
        as="span"
        aria-hidden="true"
        boxSize="2.5"
        rounded="full"
        bg={`${view.palette}.${view.palette === 'gray' ? '400' : '500'}`}
      />
      <Text as="span" hideBelow="md">
        {downloading ??
          (view.labelKey === 'syncStatus.synced' ? (
            // On a tablet the header has room for the word, not the time: the time is in the
            // button's name and at the top of the panel.
            <>
              {t('syncStatus.syncedShort')}
              <Text as="span" hideBelow="lg">
                {` ${syncedTime}`}
              </Text>
            </>
          ) : (
            stateText
          ))}
      </Text>
      {status.pendingCount > 0 ? (
        <CountBadge palette="yellow" count={String(status.pendingCount)} />
      ) : null}
      {failedCount > 0 || status.authPaused ? (
        <CountBadge palette="red" count={failedCount > 0 ? String(failedCount) : '!'} />
      ) : null}
    </Button>
  );
}
