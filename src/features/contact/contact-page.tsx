import { Text } from '@chakra-ui/react';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { SiteFooter } from '../landing/site-footer.tsx';
import { useMarketingLanguage } from '../landing/use-marketing-language.ts';
import { ContactForm } from './contact-form.tsx';

/** /contact: the contact form on its own page (Kiswahili unless the visitor chose English). */
export function ContactPage() {
  const t = useT();
  useMarketingLanguage();
  return (
    <>
      <Page title={t('contact.page.title')}>
        <Text fontSize="lg" color="fg.muted" maxW="2xl">
          {t('contact.page.lead')}
        </Text>
        <div style={{ maxWidth: '40rem' }}>
          <ContactForm />
        </div>
      </Page>
      <SiteFooter />
    </>
  );
}
