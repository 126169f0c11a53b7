import { useLayoutEffect } from 'react';
import type { Language } from '../../i18n/dictionaries.ts';
import { defaultLanguage, setUnchosenLanguage } from '../../i18n/language.ts';

// The language the public site was last shown in on this page load (never stored): the login
// page a visitor opens from it keeps speaking that language.
let siteLanguage: Language | undefined;

/**
 * The marketing pages (/ and /contact) speak Kiswahili until the visitor picks a language; the
 * app keeps its own default. Nothing is stored: only an explicit choice is remembered. A layout
 * effect, so the switch happens before the first paint.
 */
export function useMarketingLanguage(): void {
  useLayoutEffect(() => {
    siteLanguage = 'sw';
    setUnchosenLanguage('sw');
    return () => setUnchosenLanguage(defaultLanguage);
  }, []);
}

/**
 * The login page follows the site: opened from the Kiswahili home page it is in Kiswahili (until
 * the visitor picks a language); opened directly it shows the app's default.
 */
export function useSiteLanguage(): void {
  useLayoutEffect(() => {
    if (siteLanguage === undefined) return;
    setUnchosenLanguage(siteLanguage);
    return () => setUnchosenLanguage(defaultLanguage);
  }, []);
}
