import { useState } from 'react';
import { useT } from '../i18n/i18n.tsx';
import { applyUpdate, useUpdateWaiting } from './register-sw.ts';
import '../components/shell.css';

function InfoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * 'A new version is available' with Reload and Later. Later hides it for this page; the new
 * version then starts by itself the next time every tab of the app has been closed. Plain
 * elements (shell.css): it shows on every page, including those rendered without Chakra.
 */
export function UpdatePrompt() {
  const t = useT();
  const waiting = useUpdateWaiting();
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);

  if (!waiting || dismissed) return null;

  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span className="update-prompt__icon">
        <InfoIcon />
      </span>
      <div className="update-prompt__text">
        <p className="update-prompt__title">{t('pwa.updateAvailable')}</p>
        <p>{t('pwa.updateHint')}</p>
      </div>
      <div className="update-prompt__actions">
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => setDismissed(true)}
          disabled={reloading}
        >
          {t('pwa.later')}
        </button>
        <button
          type="button"
          className="button button--primary button--sm"
          aria-busy={reloading}
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          {reloading ? <span className="spinner" aria-hidden="true" /> : null}
          {t('pwa.reload')}
        </button>
      </div>
    </div>
  );
}
