import type { en } from './dictionary-en.ts';
import type { ScreenWordKey } from './screen-words.ts';

export type MessageKey = keyof typeof en | ScreenWordKey;
export const languages = ['sw', 'en'] as const;
export type Language = (typeof languages)[number];
/** A language's words: the joined dictionary's, and a screen's own once its screen loaded them. */
export type Dictionary = Record<keyof typeof en, string> & Partial<Record<ScreenWordKey, string>>;
/** A screen's own words in both languages (screen-words.ts). */
export type ScreenWords = Record<Language, Partial<Record<ScreenWordKey, string>>>;

/**
 * The dictionaries loaded so far. Each language is a chunk of its own (dictionary-en.ts,
 * dictionary-sw.ts) so a device does not load both before its first screen (issue 26 item 10):
 * the entry script starts loading the device's language at once and the app renders once it is
 * in (main.tsx); a change of language loads the other before it is shown (language.ts). English
 * also loads after the first screen's content whatever the language, because server messages are
 * recognised by their English text (translate.ts).
 */
const loaded: Partial<Record<Language, Dictionary>> = {};
const loading = new Map<Language, Promise<Dictionary>>();
const listeners = new Set<() => void>();
let loadedCount = 0;

/** How many dictionaries have loaded: a screen re-renders when one arrives (i18n.tsx). */
export function dictionariesLoaded(): number {
  return loadedCount;
}

/**
 * Told when a dictionary arrives: English arriving on a Kiswahili device turns the server
 * messages already on screen (shown as sent until then) into Kiswahili.
 */
export function subscribeDictionaries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Screen words added so far, per language: joined into a dictionary that loads later too. */
const screenWords: Record<Language, Partial<Record<ScreenWordKey, string>>> = { en: {}, sw: {} };

function announce(): void {
  loadedCount += 1;
  for (const listener of listeners) listener();
}

/**
 * Adds a screen's own words (screen-words.ts) to both languages, loaded or not, and re-renders
 * the screens (a server message shown as sent can now be translated). Adding them again is free.
 */
export function addScreenWords(words: ScreenWords): void {
  let added = false;
  for (const language of languages) {
    for (const [key, text] of Object.entries(words[language]) as [ScreenWordKey, string][]) {
      if (screenWords[language][key] === text) continue;
      screenWords[language][key] = text;
      const dictionary = loaded[language];
      if (dictionary) dictionary[key] = text;
      added = true;
    }
  }
  if (added) announce();
}

const loaders: Record<Language, () => Promise<Dictionary>> = {
  en: () => import('./dictionary-en.ts').then((module) => module.en),
  sw: () => import('./dictionary-sw.ts').then((module) => module.sw),
};

export function loadedDictionary(language: Language): Dictionary | undefined {
  return loaded[language];
}

/** The language's dictionary, loaded once; later calls share the first load. */
export function loadDictionary(language: Language): Promise<Dictionary> {
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    pending = loaders[language]().then(
      (dictionary) => {
        loaded[language] = Object.assign(dictionary, screenWords[language]);
        announce();
        return dictionary;
      },
      (error: unknown) => {
        // A failed load (a chunk missing after an update) may be tried again.
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}
