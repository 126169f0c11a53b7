import { Box, Button, Popover, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loginPathWithRedirect } from '../../domain/access.ts';
import { signOut } from '../session/session.ts';
import { formatDateTime } from '../i18n/format.ts';
import { useLanguage, useT, useTranslateMessage } from '../i18n/i18n.tsx';
import { markFailuresRead } from '../sync/outbox.ts';
import { requestSync } from '../sync/request-sync.ts';
import type { FailedEntry } from '../sync/sync-status.ts';
import { FailureRow, failureLabel, refusalText } from './failure-row.tsx';
import { withdrawQueuedSuccess } from './notify.ts';
import { StorageUsage } from './storage-usage.tsx';
import { SyncStatusButton, type SyncSummary } from './sync-status-button.tsx';
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
 * The sync status panel of the navigation bar (docs/offline-model.md, rule 6): online/offline,
 * writes waiting to sync, last successful sync, rejected writes with Retry/Discard, 'Sync now',
 * and 'Sign in again' when the queue is paused by an expired or refused session.
 */
export function SyncStatusPanel({
  sync,
  initiallyOpen,
}: {
  /** The indicator's summary (SyncStatus computes it once for the button and the panel). */
  sync: SyncSummary;
  initiallyOpen: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const { status, view, summary } = sync;
  const navigate = useNavigate();
  const href = useRouterState({ select: (state) => state.location.href });
  const [open, setOpen] = useState(initiallyOpen);
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
        <SyncStatusButton sync={sync} />
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
                  {sync.syncedAt !== null
                    ? t('syncStatus.lastSynced', {
                        time: formatDateTime(sync.syncedAt, language),
                      })
                    : t('syncStatus.neverSynced')}
                </Text>
                {/* Mounted while open, so each opening reads the estimate again. */}
                {open ? <StorageUsage /> : null}
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
                  onClick={() => void requestSync()}
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
