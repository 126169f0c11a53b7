import { dictionaries, en, type Language, type MessageKey } from './dictionaries.ts';

/**
 * Pure translation helpers (no React): used by the hooks in i18n.tsx and by code outside
 * components (toasts from the sync engine, the router).
 */
export type MessageValues = Record<string, string | number>;

/** Replaces each {name} with values.name; an unknown placeholder stays visible as written. */
export function interpolate(text: string, values?: MessageValues): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}

export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return interpolate(dictionaries[language][key] ?? en[key], values);
}

// English value → key, built once. Several keys may share an English text; they share its meaning.
let keysByEnglish: Map<string, MessageKey> | undefined;

function keyOfEnglish(text: string): MessageKey | undefined {
  if (!keysByEnglish) {
    keysByEnglish = new Map();
    for (const [key, value] of Object.entries(en) as [MessageKey, string][]) {
      if (!keysByEnglish.has(value)) keysByEnglish.set(value, key);
    }
  }
  return keysByEnglish.get(text);
}

/**
 * A server or domain message (always English, e.g. 'Invalid login credentials') in the given
 * language when the English dictionary holds it as a value; anything else comes back unchanged.
 */
export function translateMessageIn(language: Language, text: string): string {
  const key = keyOfEnglish(text);
  return key ? translate(language, key) : text;
}

/** Narrows a string (e.g. a descriptor's nameKey) to a known message key. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
