import { useLayoutEffect } from 'react';
import { recordSiteLanguage } from '../../i18n/first-language.ts';
import { getLanguage, setUnchosenLanguage, unchosenAppLanguage } from '../../i18n/language.ts';

/**
 * The marketing pages (/ and /contact) speak Kiswahili until the visitor picks a language. The
 * language the site was shown in is recorded (not as a choice: src/i18n/first-language.ts), so
 * /login, the 404 page and the staff screens on this device start in it too. A layout effect, so
 * the switch happens before the first paint.
 */
export function useMarketingLanguage(): void {
  useLayoutEffect(() => {
    setUnchosenLanguage('sw');
    // Also here, not only in the entry script: the visitor may have come by a link from /login.
    recordSiteLanguage(getLanguage());
    return () => setUnchosenLanguage(unchosenAppLanguage());
  }, []);
}
