import type * as BwipJs from 'bwip-js/node';
import type { TlsInfo } from '../../tls/tls-info.ts';
import { trustTexts, type TrustLanguage } from './texts.ts';

/** The tablet setup page (/trust) as one HTML document, both languages a tap apart. */
export interface TrustPageInput {
  language: TrustLanguage;
  info: TlsInfo;
  /** The https address matching the host this page was opened at (first in the list). */
  primary: string | undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

let barcodes: Promise<typeof BwipJs> | undefined;

/**
 * A QR code of `text` as an inline SVG data URL (bwip-js, the labels' barcode library, loaded on
 * first use: it is large, and the server's start should not wait for it).
 */
export async function qrDataUrl(text: string): Promise<string> {
  barcodes ??= import('bwip-js/node');
  const { toSVG } = await barcodes;
  const svg = toSVG({ bcid: 'qrcode', text, scale: 4, paddingwidth: 2, paddingheight: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const styles = `
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.5;color:#1a202c;max-width:44rem;margin-inline:auto}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
a.button,button{display:inline-block;min-height:2.75rem;padding:.6rem 1.1rem;border-radius:.4rem;border:0;background:#2b6cb0;color:#fff;font-size:1rem;text-decoration:none;cursor:pointer}
.fingerprint{font-family:ui-monospace,monospace;word-break:break-all;background:#f7fafc;padding:.5rem;border-radius:.3rem}
.lang{float:right}.ok{color:#22543d;font-weight:600}.bad{color:#9b2c2c;font-weight:600}
.address{font-size:1.2rem;word-break:break-all}img.qr{width:12rem;height:12rem;display:block;margin:.5rem 0}
.notice{background:#fffaf0;border-left:4px solid #dd6b20;padding:.75rem}
`;

export async function renderTrustPage({
  language,
  info,
  primary,
}: TrustPageInput): Promise<string> {
  const t = trustTexts[language];
  const other: TrustLanguage = language === 'sw' ? 'en' : 'sw';
  const addresses = primary
    ? [primary, ...info.addresses.filter((a) => a !== primary)]
    : info.addresses;
  const parts: string[] = [];
  parts.push(
    `<a class="lang" href="/trust?lang=${other}" hreflang="${other}">${t.otherLanguage}</a>`,
  );
  parts.push(`<h1>${escapeHtml(t.title)}</h1>`);
  if (info.mode === 'off') {
    parts.push(`<p class="notice" role="alert">${escapeHtml(t.tlsOff)}</p>`);
  } else {
    if (info.mode === 'files') {
      parts.push(`<p>${escapeHtml(t.ownCertificate)}</p>`);
    } else if (info.ca) {
      parts.push(`<p>${escapeHtml(t.intro)}</p>`);
      parts.push(
        `<p>${escapeHtml(t.fingerprintLabel)}:</p><p class="fingerprint" data-testid="fingerprint">${escapeHtml(info.ca.fingerprint)}</p>`,
        `<p>${escapeHtml(t.fingerprintHint)}</p>`,
        `<h2>${escapeHtml(t.step1)}</h2>`,
        `<p><a class="button" href="/trust/ca.crt" download="trading-company-ca.crt">${escapeHtml(t.download)}</a></p>`,
        `<h2>${escapeHtml(t.androidTitle)}</h2><ol>${t.android.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>`,
        `<h2>${escapeHtml(t.appleTitle)}</h2><ol>${t.apple.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>`,
        `<p>${escapeHtml(t.expires)}: ${info.ca.notAfter.toISOString().slice(0, 10)}</p>`,
      );
    }
    if (primary) {
      parts.push(
        `<h2>${escapeHtml(t.checkTitle)}</h2>`,
        `<p id="trust-status" role="status" aria-live="polite" data-check="${escapeHtml(primary)}/api/v1/health" data-checking="${escapeHtml(t.checking)}" data-trusted="${escapeHtml(t.trusted)}" data-not-trusted="${escapeHtml(t.notTrusted)}">${escapeHtml(t.checking)}</p>`,
        `<p><button type="button" id="trust-check-again">${escapeHtml(t.checkAgain)}</button></p>`,
      );
    }
    parts.push(`<h2>${escapeHtml(t.openTitle)}</h2><p>${escapeHtml(t.openHint)}</p>`);
    const [first, ...rest] = addresses;
    if (first) {
      parts.push(
        `<p class="address"><a href="${escapeHtml(first)}/" data-testid="open-address">${escapeHtml(first)}</a></p>`,
        `<img class="qr" alt="QR: ${escapeHtml(first)}" src="${await qrDataUrl(`${first}/`)}">`,
      );
    }
    if (rest.length > 0) {
      parts.push(
        `<h2>${escapeHtml(t.otherAddresses)}</h2><ul>${rest.map((a) => `<li><a href="${escapeHtml(a)}/">${escapeHtml(a)}</a></li>`).join('')}</ul>`,
      );
    }
  }
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title><style>${styles}</style></head><body><main>${parts.join('\n')}</main><script src="/trust/check.js"></script></body></html>`;
}

/**
 * The page's only script (served as a file: the page's CSP allows no inline script): a fetch of
 * the https health check succeeds only when this device trusts the server's certificate. An
 * opaque ('no-cors') answer is enough: a certificate this device does not trust fails the fetch.
 */
export const trustCheckScript = `(() => {
  const status = document.getElementById('trust-status');
  const again = document.getElementById('trust-check-again');
  if (!status) return;
  const check = () => {
    status.textContent = status.dataset.checking;
    status.className = '';
    fetch(status.dataset.check, { mode: 'no-cors', cache: 'no-store' }).then(
      () => { status.textContent = status.dataset.trusted; status.className = 'ok'; status.dataset.result = 'trusted'; },
      () => { status.textContent = status.dataset.notTrusted; status.className = 'bad'; status.dataset.result = 'not-trusted'; },
    );
  };
  if (again) again.addEventListener('click', check);
  check();
})();
`;
