import { useT } from '../../i18n/i18n.tsx';
import '../../components/shell.css';

/** Shown while the stored session is read, before the router first renders. */
export function SessionLoading() {
  const t = useT();
  return (
    <div className="session-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{t('auth.session.loading')}</p>
    </div>
  );
}
