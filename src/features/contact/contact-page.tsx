import { useT } from '../../i18n/i18n.tsx';
import { SiteFooter } from '../landing/site-footer.tsx';
import { useMarketingLanguage } from '../landing/use-marketing-language.ts';
import { ContactForm } from './contact-form.tsx';

/**
 * /contact: the contact form on its own page (Kiswahili unless the visitor chose English). Plain
 * elements (styles in contact-form.css) so the page needs no Chakra UI.
 */
export function ContactPage() {
  const t = useT();
  useMarketingLanguage();
  return (
    <>
      <div className="site-container contact-page">
        <title>{`${t('contact.page.title')} · ${t('app.name')}`}</title>
        <h1 className="heading-page">{t('contact.page.title')}</h1>
        <p className="text-lead text-muted contact-page__lead">{t('contact.page.lead')}</p>
        <div className="contact-page__form">
          <ContactForm />
        </div>
      </div>
      <SiteFooter />
    </>
  );
}
