import { Text } from '@chakra-ui/react';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** /contact: placeholder; the landing engineer replaces it with the contact page and form. */
export function ContactPage() {
  const t = useT();
  return (
    <Page title={t('contact.title')}>
      <Text color="fg.muted">{t('contact.text')}</Text>
    </Page>
  );
}
