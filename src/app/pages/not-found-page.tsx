import { Link as RouterLink } from '@tanstack/react-router';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** Any unknown path (and unknown /$dept values): 'Page not found' with a home link. */
export function NotFoundPage() {
  const t = useT();
  return (
    <Page title={t('notFound.title')}>
      <p className="text-muted">{t('notFound.text')}</p>
      <div>
        <RouterLink to="/" className="button button--primary">
          {t('notFound.home')}
        </RouterLink>
      </div>
    </Page>
  );
}
