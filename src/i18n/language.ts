import { languages, type Language } from './dictionaries.ts';

/**
 * The chosen language, a tiny external store so plain functions (translateMessage) and hooks
 * (useLanguage) read the same value. Persisted in localStorage key 'lang'.
 */
export const languageStorageKey = 'lang';
export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the language then lives for this page only.
    return undefined;
  }
}

// The public marketing pages speak Kiswahili until the user chooses (their components also ask for
// it on client-side navigation); starting in the right language spares a second first render.
const marketingPaths = new Set(['/', '/contact']);

function readStoredLanguage(): Language {
  const stored = storage()?.getItem(languageStorageKey);
  if (isLanguage(stored)) return stored;
  const path = typeof location === 'undefined' ? '' : location.pathname.replace(/\/+$/, '') || '/';
  return marketingPaths.has(path) ? 'sw' : defaultLanguage;
}

let current: Language = readStoredLanguage();
// True once the user picked a language on this device; until then setUnchosenLanguage may vary it.
let chosen = isLanguage(storage()?.getItem(languageStorageKey));
const listeners = new Set<() => void>();

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function getLanguage(): Language {
  return current;
}

export function setLanguage(language: Language): void {
  if (chosen && language === current) return;
  chosen = true;
  try {
    storage()?.setItem(languageStorageKey, language);
  } catch {
    // Quota or privacy mode: keep the choice in memory.
  }
  if (language === current) return;
  current = language;
  applyToDocument(language);
  for (const listener of listeners) listener();
}

/**
 * The language shown while the user has never chosen one (nothing stored): the marketing pages
 * ask for Kiswahili while they are mounted, the app falls back to the default. Never stored.
 */
export function setUnchosenLanguage(language: Language): void {
  if (chosen || language === current) return;
  current = language;
  applyToDocument(language);
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab changed the language: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === languageStorageKey && isLanguage(event.newValue)) {
      setLanguage(event.newValue);
    }
  });
  applyToDocument(current);
}
