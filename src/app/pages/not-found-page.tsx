import { Button, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** Any unknown path (and unknown /$dept values): 'Page not found' with a home link. */
export function NotFoundPage() {
  const t = useT();
  return (
    <Page title={t('notFound.title')}>
      <Text color="fg.muted">{t('notFound.text')}</Text>
      <div>
        <Button asChild colorPalette="blue">
          <RouterLink to="/">{t('notFound.home')}</RouterLink>
        </Button>
      </div>
    </Page>
  );
}
