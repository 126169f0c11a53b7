import { Text } from '@chakra-ui/react';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** /dashboard: where a signed-in user whose category has no department page lands. */
export function DashboardPage() {
  const t = useT();
  return (
    <Page title={t('dashboard.title')}>
      <Text color="fg.muted">{t('dashboard.text')}</Text>
    </Page>
  );
}
