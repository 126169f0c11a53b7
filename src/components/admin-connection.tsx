import { Alert, Button } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { OnlineFailure } from '../api/admin-online-api.ts';
import { formatDateTime } from '../i18n/format.ts';
import { useLanguage, useT, type TranslateFn } from '../i18n/i18n.tsx';
import { serverNowMs } from '../sync/server-clock.ts';

/**
 * What every admin screen shares about the connection (issue 12): admin screens call the API
 * directly and are not mirrored, so offline they say so plainly and show the last figures they
 * saw, with when. Named `admin-*`: only admin screens import it (not precached, vite.config.ts).
 */

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser's own idea of the connection; a failed call is the other sign of being offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** A value kept with the time it was received. */
export interface LastSeen<T> {
  savedAt: number;
  value: T;
}

const lastSeenPrefix = 'admin.lastSeen.';

/**
 * Keeps the last successful answer of a screen in sessionStorage: it lives as long as the tab, is
 * never shared with another user's session on the same device after the tab closes, and needs no
 * schema version. Storage refusing the write (private mode, full) only loses the fallback. The
 * time is the server's (decision 0026): it is shown as "last seen at".
 */
export function saveLastSeen<T>(key: string, value: T, now: number = serverNowMs()): void {
  try {
    sessionStorage.setItem(lastSeenPrefix + key, JSON.stringify({ savedAt: now, value }));
  } catch {
    // Nothing to fall back to next time; the screen still works online.
  }
}

/** The kept answer, parsed with `schema` (stored data is untrusted across app versions). */
export function loadLastSeen<T>(key: string, schema: z.ZodType<T>): LastSeen<T> | null {
  try {
    const raw = sessionStorage.getItem(lastSeenPrefix + key);
    if (raw === null) return null;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return null;
    const { savedAt, value } = stored as { savedAt?: unknown; value?: unknown };
    const parsed = schema.safeParse(value);
    return typeof savedAt === 'number' && parsed.success ? { savedAt, value: parsed.data } : null;
  } catch {
    return null;
  }
}

/** A failure in words: the server's message (translated), its status, or what went wrong. */
export function describeFailure(
  t: TranslateFn,
  translateMessage: (text: string) => string,
  failure: OnlineFailure,
): string {
  switch (failure.reason) {
    case 'network':
      return t('admin.failure.network');
    case 'invalid-response':
      return t('admin.failure.invalid');
    case 'http':
      return failure.message !== undefined
        ? translateMessage(failure.message)
        : t('admin.failure.status', { status: failure.status });
  }
}

/** The status code for the spec's '(Status: {code})' banners. */
export function statusCodeOf(failure: OnlineFailure): string {
  return failure.reason === 'http' ? String(failure.status) : failure.reason;
}

/**
 * 'This page needs a connection', with the time of the figures still shown below it when there
 * are any, and Try Again.
 */
export function NeedsConnection({
  lastSeenAt,
  onRetry,
}: {
  lastSeenAt?: number | null | undefined;
  onRetry?: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const hasFigures = lastSeenAt !== null && lastSeenAt !== undefined;
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('admin.offline.title')}</Alert.Title>
        <Alert.Description>
          {hasFigures ? t('admin.offline.text') : t('admin.offline.noFigures')}
          {hasFigures
            ? ` ${t('admin.offline.lastSeen', { time: formatDateTime(lastSeenAt, language) })}`
            : null}
        </Alert.Description>
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('admin.retry')}
        </Button>
      ) : null}
    </Alert.Root>
  );
}

/** A green banner: what an admin form just did ('Settings saved successfully!'). */
export function SuccessBanner({ children }: { children: string }) {
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

/** A red banner (spec section 8, 'Dashboard (red banner)'). */
export function ErrorBanner({ children }: { children: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
