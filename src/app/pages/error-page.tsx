import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The top-level error screen: 'Oops! Something went wrong...' with Try Again. Try Again resets
 * the error boundary and reloads the route's data (router.invalidate), without a page reload.
 * Plain elements: it must show even when the failure was loading Chakra's chunk.
 */
/**
 * A screen's code that could not be fetched: the online-only (`admin-*`) chunks are not precached,
 * so opening one with the server unreachable fails here. Chromium, Firefox and Safari word it so.
 */
export function isUnfetchedScreen(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const needsServer = isUnfetchedScreen(error);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Page title={needsServer ? t('error.needsServer.title') : t('error.title')}>
      <p className="text-muted">{needsServer ? t('error.needsServer.text') : t('error.text')}</p>
      {import.meta.env.DEV && error instanceof Error && (
        <pre className="plain-page__code">{error.message}</pre>
      )}
      <div>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t('error.tryAgain')}
        </button>
      </div>
    </Page>
  );
}
