import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { departmentIds } from '../../../domain/departments.ts';
import { departmentName } from '../../i18n/department-name.ts';
import { useT } from '../../i18n/i18n.tsx';
import './site-footer.css';

function FooterLink({
  children,
  hash,
  to = '/',
}: {
  children: ReactNode;
  hash?: string;
  to?: '/' | '/contact' | '/login';
}) {
  return (
    <Link to={to} hash={hash} className="site-footer__link">
      {children}
    </Link>
  );
}

/** Footer of the marketing pages: the six services (Swahili first) and company links. */
export const SiteFooter = memo(function SiteFooter() {
  const t = useT();
  return (
    <footer aria-label={t('footer.label')} className="site-footer">
      <div className="site-container site-footer__inner">
        <div className="site-footer__grid">
          <div className="site-footer__column">
            <p className="site-footer__name">{t('app.name')}</p>
            <p>{t('landing.contact.address')}</p>
            <p>{t('landing.contact.hours')}</p>
          </div>
          <nav aria-labelledby="footer-services" className="site-footer__column">
            <h2 id="footer-services" className="site-footer__heading">
              {t('footer.services')}
            </h2>
            <ul className="site-footer__links">
              {departmentIds.map((id) => (
                <li key={id}>
                  <FooterLink hash={`huduma-${id}`}>{departmentName(t, id)}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-company" className="site-footer__column">
            <h2 id="footer-company" className="site-footer__heading">
              {t('footer.company')}
            </h2>
            <ul className="site-footer__links">
              <li>
                <FooterLink hash="kuhusu">{t('footer.about')}</FooterLink>
              </li>
              <li>
                <FooterLink hash="maoni">{t('footer.testimonials')}</FooterLink>
              </li>
              <li>
                <FooterLink to="/contact">{t('footer.contact')}</FooterLink>
              </li>
              <li>
                <FooterLink to="/login">{t('footer.login')}</FooterLink>
              </li>
            </ul>
          </nav>
        </div>
        <p className="site-footer__rights">
          {/* eslint-disable-next-line no-restricted-syntax -- the copyright year: the device's is right but for days at New Year, and a public page may have no server answer yet */}
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
});
