import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The top-level error screen: 'Oops! Something went wrong...' with Try Again. Try Again resets
 * the error boundary and reloads the route's data (router.invalidate), without a page reload.
 * Plain elements: it must show even when the failure was loading Chakra's chunk.
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Page title={t('error.title')}>
      <p className="text-muted">{t('error.text')}</p>
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
