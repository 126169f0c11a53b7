import { useLayoutEffect } from 'react';
import { defaultLanguage, setUnchosenLanguage } from '../../i18n/language.ts';

/**
 * The marketing pages (/ and /contact) speak Kiswahili until the visitor picks a language; the
 * app keeps its own default. Nothing is stored: only an explicit choice is remembered. A layout
 * effect, so the switch happens before the first paint.
 */
export function useMarketingLanguage(): void {
  useLayoutEffect(() => {
    setUnchosenLanguage('sw');
    return () => setUnchosenLanguage(defaultLanguage);
  }, []);
}
