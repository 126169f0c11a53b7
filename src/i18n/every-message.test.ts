import { describe, expect, it } from 'vitest';
import type { MessageKey } from './dictionaries.ts';
import { en as joinedEn } from './dictionary-en.ts';
import { sw as joinedSw } from './dictionary-sw.ts';
import { addScreenWords } from './dictionaries.ts';
import { everyScreenWord } from './screen-words.ts';
import { translate, type MessageValues } from './translate.ts';

/**
 * Every message of both dictionaries, rendered with sample values the way screens render them:
 * no ICU or placeholder syntax may reach a screen (issue 26: the stock count's "Apply
 * adjustments?" showed a raw `{count, plural, …}` because a branch held `{location}`).
 */
const pluralSelector = /\{(\w+), plural,/g;
const placeholder = /\{(\w+)\}/g;

function sampleValues(text: string, count: number): MessageValues {
  const values: MessageValues = {};
  for (const [, name] of text.matchAll(placeholder)) if (name) values[name] = `«${name}»`;
  for (const [, name] of text.matchAll(pluralSelector)) if (name) values[name] = count;
  return values;
}

// The words screens bring with them (screen-words.ts) are messages too.
const en: Record<MessageKey, string> = { ...joinedEn, ...everyScreenWord.en };
const sw: Record<MessageKey, string> = { ...joinedSw, ...everyScreenWord.sw };
addScreenWords(everyScreenWord);

describe('every dictionary message', () => {
  const keys = Object.keys(en) as MessageKey[];

  it.each(['en', 'sw'] as const)(
    'renders in %s with no placeholder syntax left, for 0, 1 and 2',
    (language) => {
      const dictionary = language === 'en' ? en : sw;
      const leftovers: string[] = [];
      for (const key of keys) {
        for (const count of [0, 1, 2]) {
          // Values named in either language's text (a translation may use fewer of them).
          const values = {
            ...sampleValues(en[key], count),
            ...sampleValues(dictionary[key], count),
          };
          const rendered = translate(language, key, values);
          if (/[{}]/.test(rendered)) leftovers.push(`${key} (${count}): ${rendered}`);
        }
      }
      expect(leftovers).toEqual([]);
    },
  );

  it('fills a placeholder inside a plural branch', () => {
    expect(
      translate('en', 'stockCounts.review.applyText', { count: 2, location: 'Shelf A' }),
    ).toContain('The stock of 2 products at Shelf A changes');
  });
});
