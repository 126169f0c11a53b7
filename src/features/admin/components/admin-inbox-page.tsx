import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { InboxMessage } from '../../../../domain/support.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import {
  describeFailure,
  ErrorBanner,
  NeedsConnection,
  useOnline,
} from '../../../components/admin-connection.tsx';
import { notifyError } from '../../../components/notify.ts';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { fetchInbox, markMessage, newestFirst } from '../data/admin-support-api.ts';
import { refreshUnreadCount } from '../data/admin-unread.ts';

type InboxState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: OnlineFailure }
  | { kind: 'ready'; messages: InboxMessage[] };

/**
 * /admin/inbox: the messages of the Help & Support form and of the public contact page, newest
 * first, each marked read or unread (the sidebar counts the unread ones). Messages are shown as
 * plain text, never as HTML.
 */
export function AdminInboxPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { language } = useLanguage();
  const session = useSession();
  const online = useOnline();
  const token = session?.token ?? '';
  const [state, setState] = useState<InboxState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [updating, setUpdating] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    void fetchInbox(token).then((result) => {
      if (!current) return;
      setState(
        result.ok
          ? { kind: 'ready', messages: newestFirst(result.value) }
          : { kind: 'failed', failure: result },
      );
    });
    return () => {
      current = false;
    };
  }, [token, attempt, online]);

  async function toggle(message: InboxMessage) {
    if (updating) return;
    setUpdating(message._id);
    const result = await markMessage(token, message._id, !message.read);
    setUpdating(null);
    if (!result.ok) {
      notifyError(
        t('admin.inbox.updateFailed', { message: describeFailure(t, translateMessage, result) }),
      );
      return;
    }
    setState((current) =>
      current.kind === 'ready'
        ? {
            kind: 'ready',
            messages: current.messages.map((existing) =>
              existing._id === result.value._id ? result.value : existing,
            ),
          }
        : current,
    );
    void refreshUnreadCount(token);
  }

  const retry = () => setAttempt((value) => value + 1);
  return (
    <Page title={t('admin.inbox.title')}>
      {state.kind === 'loading' ? (
        <LoadingState label={t('admin.inbox.loading')} />
      ) : state.kind === 'failed' ? (
        !online || state.failure.reason === 'network' ? (
          <NeedsConnection onRetry={retry} />
        ) : (
          <ErrorBanner>
            {t('admin.inbox.fetchFailed', {
              message: describeFailure(t, translateMessage, state.failure),
            })}
          </ErrorBanner>
        )
      ) : state.messages.length === 0 ? (
        <EmptyState title={t('admin.inbox.empty')} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {state.messages.map((message) => (
            <Card.Root
              as="li"
              key={message._id}
              size="sm"
              borderStartWidth="4px"
              borderStartColor={message.read ? 'border' : 'blue.500'}
            >
              <Card.Body gap="2">
                <HStack justify="space-between" align="start" wrap="wrap" gap="2">
                  <Stack gap="0">
                    <Text fontWeight={message.read ? 'medium' : 'bold'}>{message.subject}</Text>
                    <Text color="fg.muted" textStyle="sm">
                      {t('admin.inbox.from', { name: message.name, contact: message.contact })}
                      {' · '}
                      {formatDateTime(message.createdAt, language)}
                    </Text>
                  </Stack>
                  <HStack gap="2">
                    <Badge variant="outline">
                      {message.source === 'support'
                        ? t('admin.inbox.source.support')
                        : t('admin.inbox.source.contact')}
                    </Badge>
                    <Badge colorPalette={message.read ? 'gray' : 'blue'}>
                      {message.read ? t('admin.inbox.read') : t('admin.inbox.unread')}
                    </Badge>
                  </HStack>
                </HStack>
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {message.message}
                </Text>
                <HStack>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={updating === message._id}
                    disabled={updating !== null}
                    aria-label={
                      message.read
                        ? t('admin.inbox.markUnreadOf', { subject: message.subject })
                        : t('admin.inbox.markReadOf', { subject: message.subject })
                    }
                    onClick={() => void toggle(message)}
                  >
                    {message.read ? t('admin.inbox.markUnread') : t('admin.inbox.markRead')}
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Page>
  );
}
