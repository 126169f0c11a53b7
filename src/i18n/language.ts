import { loadDictionary, loadedDictionary, type Language } from './dictionaries.ts';
import {
  deviceLanguage,
  isLanguage,
  languageStorageKey,
  readStored,
  writeStored,
} from './first-language.ts';

/**
 * The chosen language, a tiny external store so plain functions (translateMessage) and hooks
 * (useLanguage) read the same value. Persisted in localStorage key 'lang'; until the user chooses,
 * first-language.ts decides (the one rule, also used by the entry script for <html lang>).
 */
let current: Language = deviceLanguage(
  typeof location === 'undefined' ? undefined : location.pathname,
);
// True once the user picked a language on this device; until then setUnchosenLanguage may vary it.
let chosen = isLanguage(readStored(languageStorageKey));
const listeners = new Set<() => void>();

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

// The language asked for last, while its dictionary loads: a quicker second choice wins.
let wanted: Language = current;

function show(language: Language): void {
  wanted = language;
  if (language === current) return;
  // Shown once its words are here (a lazy chunk, precached by the service worker): never a
  // screen of keys, never half in one language.
  if (!loadedDictionary(language)) {
    void loadDictionary(language).then(
      () => {
        if (wanted === language) show(language);
      },
      () => undefined,
    );
    return;
  }
  current = language;
  applyToDocument(language);
  for (const listener of listeners) listener();
}

export function getLanguage(): Language {
  return current;
}

export function setLanguage(language: Language): void {
  if (chosen && language === current) return;
  chosen = true;
  writeStored(languageStorageKey, language);
  show(language);
}

/**
 * The language shown while the user has never chosen one (nothing stored): the marketing pages
 * ask for Kiswahili while they are mounted. Never stored as a choice.
 */
export function setUnchosenLanguage(language: Language): void {
  if (chosen) return;
  show(language);
}

/** What the app speaks on a non-marketing page while the user has not chosen (first-language.ts). */
export function unchosenAppLanguage(): Language {
  return deviceLanguage();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab made a choice: follow it, so a choice made anywhere holds on every open screen.
// The site marker from another tab is not followed: it would change an open screen's language
// with no action of this tab's user, and this tab reads it at its next load anyway.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === languageStorageKey && isLanguage(event.newValue)) {
      setLanguage(event.newValue);
    }
  });
  applyToDocument(current);
}
