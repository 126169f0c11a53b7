import type { en } from './dictionary-en.ts';

export type MessageKey = keyof typeof en;
export const languages = ['sw', 'en'] as const;
export type Language = (typeof languages)[number];
export type Dictionary = Record<MessageKey, string>;

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
        loaded[language] = dictionary;
        loadedCount += 1;
        for (const listener of listeners) listener();
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
