import { describe, expect, it } from 'vitest';
import { en as joinedEn } from './dictionary-en.ts';
import { sw as joinedSw } from './dictionary-sw.ts';
import { everyScreenWord } from './screen-words.ts';

// The joined dictionaries and the words screens bring with them (screen-words.ts).
const en: Record<string, string> = { ...joinedEn, ...everyScreenWord.en };
const sw: Record<string, string> = { ...joinedSw, ...everyScreenWord.sw };

// The set of values a text uses: {name} placeholders and {name, plural, …} selectors.
const placeholdersOf = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]))].sort();

describe('dictionaries', () => {
  const enKeys = Object.keys(en).sort();
  const swKeys = Object.keys(sw).sort();

  it('gives every English key a Swahili translation', () => {
    expect(enKeys.filter((key) => !Object.hasOwn(sw, key))).toEqual([]);
  });

  it('has no Swahili key without an English original', () => {
    expect(swKeys.filter((key) => !Object.hasOwn(en, key))).toEqual([]);
  });

  it('has no empty value in either language', () => {
    const empty = [
      ...Object.entries(en)
        .filter(([, value]) => value.trim() === '')
        .map(([k]) => `en:${k}`),
      ...Object.entries(sw)
        .filter(([, value]) => value.trim() === '')
        .map(([k]) => `sw:${k}`),
    ];
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const differing = enKeys.filter((key) => {
      const english = placeholdersOf(en[key] ?? '');
      const swahili = placeholdersOf(sw[key as keyof typeof sw] ?? '');
      return english.join(',') !== swahili.join(',');
    });
    expect(differing).toEqual([]);
  });

  it("never uses 'hisa' for stock (glossary: stoo)", () => {
    expect(Object.entries(sw).filter(([, value]) => /\bhisa\b/i.test(value))).toEqual([]);
  });
});
