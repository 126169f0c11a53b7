import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import {
  dictionariesLoaded,
  loadDictionary,
  loadedDictionary,
  subscribeDictionaries,
  type Language,
  type MessageKey,
} from './dictionaries.ts';
import { getLanguage, setLanguage, subscribeLanguage } from './language.ts';
import { translate, translateMessageIn, type MessageValues } from './translate.ts';

/**
 * The i18n layer: every user-facing string goes through `useT()`. Keys are typed (MessageKey),
 * so a missing key fails typecheck; values may carry {placeholders}.
 */
export type TranslateFn = (key: MessageKey, values?: MessageValues) => string;

interface I18nValue {
  language: Language;
  setLanguage: (language: Language) => void;
  t: TranslateFn;
  translateMessage: (text: string) => string;
  /** Dictionaries loaded so far: part of the value so that an arrival re-renders the texts. */
  dictionaries: number;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
  // A new value (and a re-render of every text) when a dictionary arrives, English above all.
  const dictionaries = useSyncExternalStore(
    subscribeDictionaries,
    dictionariesLoaded,
    dictionariesLoaded,
  );
  const value = useMemo<I18nValue>(
    () => ({
      language,
      setLanguage,
      t: (key, values) => translate(language, key, values),
      translateMessage: (text) => translateMessageIn(language, text),
      dictionaries,
    }),
    [language, dictionaries],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT/useLanguage must be used inside <I18nProvider>');
  return value;
}

/** `t(key, values?)` in the current language. */
export function useT(): TranslateFn {
  return useI18n().t;
}

/** Maps an English server/domain message to the current language (unchanged when unknown). */
export function useTranslateMessage(): (text: string) => string {
  return useI18n().translateMessage;
}

export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { language } = useI18n();
  const set = useCallback((next: Language) => setLanguage(next), []);
  return { language, setLanguage: set };
}

/** Outside React (toasts from background work): translate with the current language. */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(getLanguage(), key, values);
}

/** Outside React: an English server/domain message in the current language. */
export function translateMessage(text: string): string {
  return translateMessageIn(getLanguage(), text);
}

/**
 * For a screen that shows a text in a language other than the interface's (the bulk-upload
 * guide is always in Kiswahili too): loads that language's dictionary, and says whether it is in.
 * The screen re-renders when it arrives (the provider's value changes).
 */
export function useDictionaryReady(language: Language): boolean {
  useI18n();
  const ready = loadedDictionary(language) !== undefined;
  useEffect(() => {
    if (!ready) void loadDictionary(language).catch(() => undefined);
  }, [language, ready]);
  return ready;
}
