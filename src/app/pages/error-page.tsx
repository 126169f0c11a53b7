import { Button, Code, Text } from '@chakra-ui/react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The top-level error screen: 'Oops! Something went wrong...' with Try Again. Try Again resets
 * the error boundary and reloads the route's data (router.invalidate), without a page reload.
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Page title={t('error.title')}>
      <Text color="fg.muted">{t('error.text')}</Text>
      {import.meta.env.DEV && error instanceof Error && (
        <Code whiteSpace="pre-wrap" p="3">
          {error.message}
        </Code>
      )}
      <div>
        <Button
          colorPalette="blue"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t('error.tryAgain')}
        </Button>
      </div>
    </Page>
  );
}
