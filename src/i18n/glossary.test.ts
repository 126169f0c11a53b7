import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sw as joinedSw } from './dictionary-sw.ts';
import { everyScreenWord } from './screen-words.ts';

const sw: Record<string, string> = { ...joinedSw, ...everyScreenWord.sw };

/**
 * docs/glossary.md: 'hisa' means shares (equity), never stock ('stoo'). Checked on the joined
 * dictionary and on every file in src/i18n/sw/, so a file not yet joined is covered too.
 */
const hisa = /(^|[^\p{L}])hisa($|[^\p{L}])/iu;
const swDir = path.join(import.meta.dirname, 'sw');

describe('Swahili glossary', () => {
  it("never uses 'hisa' as a word in a Swahili value", () => {
    expect(Object.entries(sw).filter(([, value]) => hisa.test(value))).toEqual([]);
  });

  it("never uses 'hisa' in any file under src/i18n/sw/", () => {
    const offending = readdirSync(swDir)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        readFileSync(path.join(swDir, name), 'utf8')
          .split('\n')
          .map((line, index) => ({ name, line: index + 1, text: line }))
          // Comments may name the rule ("never 'hisa'"); values and code may not.
          .filter(({ text }) => !/^\s*(\/\/|\/\*|\*)/.test(text))
          .filter(({ text }) => hisa.test(text)),
      );
    expect(offending).toEqual([]);
  });

  it('the word check finds hisa only as a whole word', () => {
    expect(hisa.test('Hisa za kampuni')).toBe(true);
    expect(hisa.test('Idadi ya hisa')).toBe(true);
    expect(hisa.test('(hisa)')).toBe(true);
    expect(hisa.test('hisabu')).toBe(false);
    expect(hisa.test('Mahisa')).toBe(false);
  });

  it("never writes 'bei ya jumla' (wholesale price) where a total is meant", () => {
    expect(Object.entries(sw).filter(([, value]) => /bei ya jumla/i.test(value))).toEqual([]);
  });
});
