import {
  dictionariesLoaded,
  loadDictionary,
  loadedDictionary,
  type Dictionary,
  type Language,
  type MessageKey,
} from './dictionaries.ts';

/**
 * Pure translation helpers (no React): used by the hooks in i18n.tsx and by code outside
 * components (toasts from the sync engine, the router).
 */
export type MessageValues = Record<string, string | number>;

// `{count, plural, one {# unit at {place}} other {# units at {place}}}`: the ICU plural form, the
// subset we need (simple `{name}` placeholders inside the branches, no nested plurals, `#` for the
// number). Categories follow Intl.PluralRules.
const branchText = String.raw`(?:[^{}]|\{\w+\})*`;
const pluralPattern = new RegExp(
  String.raw`\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{${branchText}\})+)\s*\}`,
  'g',
);
const branchPattern = new RegExp(
  String.raw`(=\d+|zero|one|two|few|many|other)\s*\{(${branchText})\}`,
  'g',
);
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, value: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(value);
}

function pluralOf(language: string, value: number, branches: string): string | undefined {
  const forms = new Map<string, string>();
  for (const [, selector, text] of branches.matchAll(branchPattern)) {
    if (selector !== undefined && text !== undefined) forms.set(selector, text);
  }
  const form =
    forms.get(`=${value}`) ?? forms.get(pluralCategory(language, value)) ?? forms.get('other');
  return form?.replaceAll('#', String(value));
}

/**
 * Replaces each {name} with values.name and each `{name, plural, one {…} other {…}}` with the
 * branch the language's plural rules pick for values.name ('1 unit', '2 units'; 'kipande 1',
 * 'vipande 2'); an unknown placeholder stays visible as written.
 */
export function interpolate(text: string, values?: MessageValues, language = 'en'): string {
  if (!values) return text;
  const plurals = text.replace(pluralPattern, (match, name: string, branches: string) => {
    const value = values[name];
    if (typeof value !== 'number') return match;
    return pluralOf(language, value, branches) ?? match;
  });
  return plurals.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}

/** Any loaded dictionary (each holds every key): the language's own, else the other. */
function dictionaryFor(language: Language): Dictionary | undefined {
  return loadedDictionary(language) ?? loadedDictionary('en') ?? loadedDictionary('sw');
}

/**
 * The message in `language`. The app renders only once the device's language is loaded
 * (main.tsx); until then (code running before it) the key itself comes back.
 */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return interpolate(dictionaryFor(language)?.[key] ?? key, values, language);
}

// English value → key, built once. Several keys may share an English text; they share its meaning.
let keysByEnglish: Map<string, MessageKey> | undefined;
/** The dictionaries' state the map was built from: screen words added later rebuild it. */
let keysBuiltAt = -1;

function keyOfEnglish(text: string): MessageKey | undefined {
  if (!keysByEnglish || keysBuiltAt !== dictionariesLoaded()) {
    const en = loadedDictionary('en');
    if (!en) {
      // Loaded after the first screen (main.tsx) on a Kiswahili device; until then the server's
      // English text is shown as it came.
      void loadDictionary('en').catch(() => undefined);
      return undefined;
    }
    keysByEnglish = new Map();
    keysBuiltAt = dictionariesLoaded();
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
  const dictionary = dictionaryFor('en');
  return dictionary !== undefined && Object.hasOwn(dictionary, key);
}
