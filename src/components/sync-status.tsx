import { Badge, Box, Button, Popover, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loginPathWithRedirect } from '../../domain/access.ts';
import { signOut } from '../session/session.ts';
import { formatDateTime, formatRecentTime } from '../i18n/format.ts';
import { useLanguage, useT, useTranslateMessage } from '../i18n/i18n.tsx';
import { markFailuresRead } from '../sync/outbox.ts';
import { serverClock, serverNow } from '../sync/server-clock.ts';
import { syncNow } from '../sync/sync-engine.ts';
import type { FailedEntry } from '../sync/sync-status.ts';
import { useSyncStatus } from '../sync/use-sync-status.ts';
import { useDownloadProgressText } from './download-progress.ts';
import { FailureRow, failureLabel, refusalText } from './failure-row.tsx';
import { syncStatusView } from './sync-status-view.ts';
import { withdrawQueuedSuccess } from './notify.ts';
import { toaster } from './ui/toaster.tsx';

/**
 * Tells the clerk when the server refuses a write that was queued earlier (an offline order whose
 * stock someone else took meanwhile): they were told it was saved on the tablet at the time, so a
 * red number on the badge alone is not enough. The notice stays until read: it has no timeout, it
 * comes back at every start until the user closes it or opens the review list (the entry's
 * `noticeReadAt`), and it goes away by itself once the entry is retried, discarded or read in
 * another tab.
 */
function useRefusalNotices(failed: readonly FailedEntry[], openReview: () => void): void {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const shown = useRef(new Map<string, string>());
  useEffect(() => {
    const unread = new Set(failed.filter((entry) => entry.unread).map((entry) => entry.id));
    for (const [entryId, toastId] of shown.current) {
      if (unread.has(entryId)) continue;
      shown.current.delete(entryId);
      toaster.dismiss(toastId);
    }
    for (const entry of failed) {
      if (!entry.unread || shown.current.has(entry.id)) continue;
      // The refusal replaces the 'saved' notice of the same write, never stands beside it.
      withdrawQueuedSuccess(entry.id);
      const toastId = toaster.create({
        type: 'error',
        title: t('syncStatus.newFailure', { label: failureLabel(entry, t) }),
        description: t('syncStatus.newFailureHelp', {
          message: refusalText(entry, t, translateMessage),
        }),
        duration: Infinity,
        closable: true,
        action: { label: t('syncStatus.review'), onClick: openReview },
        onStatusChange: ({ status }) => {
          if (status === 'dismissing') void markFailuresRead([entry.id]);
        },
      });
      shown.current.set(entry.id, toastId);
    }
  }, [failed, openReview, t, translateMessage]);
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
 * The sync status indicator in the navigation bar (DESIGN.md section 3, rule 6): online/offline,
 * writes waiting to sync, last successful sync, rejected writes with Retry/Discard, 'Sync now',
 * and 'Sign in again' when the queue is paused by an expired or refused session.
 */
export function SyncStatus() {
  const t = useT();
  const { language } = useLanguage();
  const status = useSyncStatus();
  const navigate = useNavigate();
  const href = useRouterState({ select: (state) => state.location.href });
  const downloading = useDownloadProgressText(status.pullProgress);
  const [open, setOpen] = useState(false);
  const openReview = useCallback(() => setOpen(true), []);
  useRefusalNotices(status.failed, openReview);
  // The review list is open: every refusal in it has been seen.
  const unreadIds = status.failed.filter((entry) => entry.unread).map((entry) => entry.id);
  const unreadKey = unreadIds.join(',');
  useEffect(() => {
    if (open && unreadKey !== '') void markFailuresRead(unreadKey.split(','));
  }, [open, unreadKey]);
  if (status.userId === null) return null;

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

  async function signInAgain() {
    await signOut();
    await navigate({ href: loginPathWithRedirect(href) });
  }

  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end' }}
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
    >
      <Popover.Trigger asChild>
        <Button
          size="sm"
          variant="outline"
          colorPalette={view.palette}
          aria-label={`${t('syncStatus.label')}: ${summary}`}
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
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '90vw', sm: 'sm' }}>
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                <Popover.Title fontWeight="semibold">{t('syncStatus.label')}</Popover.Title>
                <Text aria-live="polite">{summary}</Text>
                {view.state === 'unreachable' ? (
                  <Text fontSize="sm" color="orange.700">
                    {t('syncStatus.serverUnreachableHelp')}
                  </Text>
                ) : null}
                {status.pendingCount === 0 && failedCount === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t('syncStatus.allSynced')}
                  </Text>
                ) : null}
                <Text fontSize="sm" color="fg.muted">
                  {syncedAt !== null
                    ? t('syncStatus.lastSynced', {
                        time: formatDateTime(syncedAt, language),
                      })
                    : t('syncStatus.neverSynced')}
                </Text>
                {status.authPaused ? (
                  <Box bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="md" p="2">
                    <Text fontSize="sm">{t('syncStatus.paused')}</Text>
                    <Button
                      size="sm"
                      mt="2"
                      colorPalette="orange"
                      onClick={() => void signInAgain()}
                    >
                      {t('syncStatus.signInAgain')}
                    </Button>
                  </Box>
                ) : null}
                <Button
                  size="sm"
                  flexShrink={0}
                  colorPalette="blue"
                  onClick={() => void syncNow()}
                  loading={status.syncing}
                  loadingText={t('syncStatus.syncing')}
                  disabled={!status.online || status.authPaused}
                >
                  {t('syncStatus.syncNow')}
                </Button>
                {failedCount > 0 ? (
                  <>
                    <Separator />
                    <Text fontWeight="semibold" fontSize="sm">
                      {t('syncStatus.failuresTitle')}
                    </Text>
                    <Stack as="ul" gap="2" listStyleType="none" maxH="60vh" overflowY="auto">
                      {status.failed.map((entry) => (
                        <FailureRow key={entry.id} entry={entry} />
                      ))}
                    </Stack>
                  </>
                ) : null}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
