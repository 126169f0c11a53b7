import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.tsx';
import { isInsecureAddress } from './secure-context.ts';
import './insecure-address-banner.css';

/**
 * Tells the truth about an insecure address (issue 23): a page opened over plain http at a LAN
 * name or address is not a secure context, so the browser gives it no service worker, no offline
 * storage for the app and no camera. Shown only there; it names the https address of this server
 * (from /trust/info.json, which plain http can reach) and links to the tablet setup page.
 * Plain elements and CSS: the login page shows it before Chakra has loaded.
 */
interface TrustInfo {
  mode: 'auto' | 'files' | 'off';
  https: string | null;
}

function isTrustInfo(value: unknown): value is TrustInfo {
  const info = value as Partial<TrustInfo> | null;
  return typeof info?.mode === 'string' && (info.https === null || typeof info.https === 'string');
}

export function InsecureAddressBanner() {
  const t = useT();
  const insecure = isInsecureAddress();
  const [info, setInfo] = useState<TrustInfo | null>(null);

  useEffect(() => {
    if (!insecure) return;
    let cancelled = false;
    fetch('/trust/info.json', { cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        if (!cancelled && isTrustInfo(body)) setInfo(body);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [insecure]);

  if (!insecure) return null;
  const here = `${window.location.pathname}${window.location.search}`;
  return (
    <div className="insecure-banner" role="alert" data-testid="insecure-address-banner">
      <p className="insecure-banner__title">{t('pwa.insecureTitle')}</p>
      <p>{info?.mode === 'off' ? t('pwa.insecureTlsOff') : t('pwa.insecureBody')}</p>
      <p className="insecure-banner__links">
        {info?.https ? (
          <a className="insecure-banner__link" href={`${info.https}${here}`}>
            {t('pwa.insecureOpen')}: {info.https}
          </a>
        ) : null}
        <a className="insecure-banner__link" href="/trust">
          {t('pwa.insecureSetup')}
        </a>
      </p>
    </div>
  );
}
