import type { Language } from '../i18n/dictionaries.ts';
import { useLanguage, useT } from '../i18n/i18n.tsx';

// Each language is named in itself, so a reader of either language finds their own.
const options: readonly { language: Language; name: string; short: string }[] = [
  { language: 'sw', name: 'Kiswahili', short: 'SW' },
  { language: 'en', name: 'English', short: 'EN' },
];

/**
 * Kiswahili / English. The choice applies at once (no reload), sets <html lang> and is remembered
 * on this device (localStorage 'lang', see src/i18n/language.ts). Styled by shell.css.
 */
export function LanguageSwitch() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t('nav.language')}>
      {options.map((option) => {
        const selected = option.language === language;
        return (
          <button
            key={option.language}
            type="button"
            lang={option.language}
            className="language-switch__option"
            aria-pressed={selected}
            onClick={() => setLanguage(option.language)}
          >
            <span className="language-switch__long">{option.name}</span>
            <span className="language-switch__short">
              <span aria-hidden="true">{option.short}</span>
              <span className="visually-hidden">{option.name}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
