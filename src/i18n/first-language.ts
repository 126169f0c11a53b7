import type { Language } from './dictionaries.ts';

/**
 * Which language a page starts in: the one rule, shared by the entry script (src/app/boot.ts,
 * which sets <html lang> before the app loads) and the language store (language.ts). It imports
 * no dictionary, so the entry script stays small.
 */

/** The user's explicit choice (the language switch), on every screen. */
export const languageStorageKey = 'lang';
/**
 * The language the public site was last shown in on this device. Not a choice: an explicit
 * choice always wins over it, and it only sets what the app speaks until one is made.
 */
export const siteLanguageStorageKey = 'siteLang';
export const defaultLanguage: Language = 'en';

// A Record over Language, so adding a language to dictionaries.ts fails the typecheck here.
const supported: Readonly<Record<Language, true>> = { sw: true, en: true };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(supported, value);
}

/** The public marketing pages, which speak Kiswahili until the visitor chooses. */
const marketingPaths = new Set(['/', '/contact']);

export function isMarketingPath(pathname: string): boolean {
  return marketingPaths.has(pathname.replace(/\/+$/, '') || '/');
}

export interface LanguageSignals {
  /** localStorage 'lang' as stored (anything, or null). */
  choice: unknown;
  /** localStorage 'siteLang' as stored (anything, or null). */
  siteLanguage: unknown;
  /** navigator.languages, most preferred first ('sw-TZ', 'en-GB', 'fr', ...). */
  browserLanguages: readonly string[];
  /** The page is one of the public marketing pages. */
  marketingPage: boolean;
}

/** 'sw-TZ' → 'sw', 'EN_gb' → 'en', 'fr' → undefined. */
function baseLanguage(tag: string): Language | undefined {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * An explicit choice wins; else the marketing pages speak Kiswahili; else a device that was shown
 * the site in a language keeps it (the tablet opened from the Kiswahili site gets a Kiswahili
 * /login); else the first of the browser's languages we have decides; else the default.
 */
export function firstLanguage(signals: LanguageSignals): Language {
  if (isLanguage(signals.choice)) return signals.choice;
  if (signals.marketingPage) return 'sw';
  if (isLanguage(signals.siteLanguage)) return signals.siteLanguage;
  for (const tag of signals.browserLanguages) {
    const language = baseLanguage(tag);
    if (language) return language;
  }
  return defaultLanguage;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the language then lives for this page only.
    return undefined;
  }
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value lives in memory for this page only.
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (Array.isArray(navigator.languages) && navigator.languages.length > 0) {
    return navigator.languages;
  }
  return typeof navigator.language === 'string' ? [navigator.language] : [];
}

/**
 * The public site was shown in this language: remember it (not as a choice), so /login, the 404
 * page and the staff screens opened later on this device, even by typing the address, speak it.
 * Only the Kiswahili site is recorded: shown in English, it follows a choice, which wins anyway.
 */
export function recordSiteLanguage(language: Language): void {
  if (language === 'sw' && readStored(siteLanguageStorageKey) !== language) {
    writeStored(siteLanguageStorageKey, language);
  }
}

/** firstLanguage for this device, on the given path (omit it for the app's unchosen language). */
export function deviceLanguage(pathname?: string): Language {
  return firstLanguage({
    choice: readStored(languageStorageKey),
    siteLanguage: readStored(siteLanguageStorageKey),
    browserLanguages: browserLanguages(),
    marketingPage: pathname !== undefined && isMarketingPath(pathname),
  });
}
