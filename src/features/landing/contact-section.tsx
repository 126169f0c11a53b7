import { useT } from '../../i18n/i18n.tsx';
import { ContactForm } from '../contact/contact-form.tsx';

/**
 * 'Wasiliana nasi' on the home page: the same form as /contact, with opening hours. Its styles
 * live in contact-form.css, which the form imports, so they arrive in the same chunk.
 */
export default function ContactSection() {
  const t = useT();
  return (
    <section aria-labelledby="mawasiliano-title" className="contact-section">
      <div className="contact-section__grid">
        <div className="contact-section__text">
          <h2 id="mawasiliano-title" className="heading-section">
            {t('landing.contact.title')}
          </h2>
          <p className="text-lead">{t('landing.contact.lead')}</p>
          <p className="text-muted">{t('landing.contact.hours')}</p>
          <p className="text-muted">{t('landing.contact.address')}</p>
        </div>
        <div className="contact-section__form">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
