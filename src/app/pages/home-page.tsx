import { Button, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { UserHomeLink } from '../../components/nav-link.tsx';
import { Page } from '../../components/page.tsx';
import { useSession } from '../../features/auth/session.ts';
import { useT } from '../../i18n/i18n.tsx';

/** / : a simple public home. The landing engineer replaces it with the Swahili marketing page. */
export function HomePage() {
  const t = useT();
  const session = useSession();
  return (
    <Page title={t('home.title')}>
      <Text fontSize="lg" color="fg.muted">
        {t('home.text')}
      </Text>
      <div>
        {session ? (
          <Button asChild colorPalette="blue">
            <UserHomeLink category={session.user.category}>{t('home.openMyPage')}</UserHomeLink>
          </Button>
        ) : (
          <Button asChild colorPalette="blue">
            <RouterLink to="/login">{t('nav.login')}</RouterLink>
          </Button>
        )}
      </div>
    </Page>
  );
}
