import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en as joinedEn } from './dictionary-en.ts';
import { addScreenWords, type MessageKey } from './dictionaries.ts';
import { everyScreenWord } from './screen-words.ts';
import { translate, translateMessageIn } from './translate.ts';

/**
 * Words that arrive with their screens (screen-words.ts): off the start path, and never missing
 * where a file uses them.
 */
const srcDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sections = [
  ...new Set(Object.keys(everyScreenWord.en).map((key) => key.slice(0, key.indexOf('.')))),
];
const moduleOf = (section: string) =>
  `screen-words-${section.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;

describe('screen words', () => {
  it('are not in the joined dictionary a tablet loads at start-up', () => {
    const joined = Object.keys(everyScreenWord.en).filter((key) => Object.hasOwn(joinedEn, key));
    expect(joined).toEqual([]);
  });

  it('are imported by every file that uses a key of their section', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      if (file.startsWith(path.join(srcDir, 'i18n'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const section of sections) {
        const uses = [...text.matchAll(new RegExp(String.raw`['"\`]${section}\.([\w.]+)`, 'g'))]
          .map((match) => `${section}.${match[1]}`)
          .some((key) => Object.hasOwn(everyScreenWord.en, key));
        if (uses && !text.includes(`i18n/${moduleOf(section)}'`))
          missing.push(`${path.relative(srcDir, file)}: ${moduleOf(section)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('each section has its module, which adds exactly its words', () => {
    for (const section of sections) {
      const text = readFileSync(path.join(import.meta.dirname, moduleOf(section)), 'utf8');
      expect(text).toContain('addScreenWords(');
    }
  });

  it('translate a key and a server message once added, in both languages', () => {
    const key = 'deliveries.msg.selectSupplier' satisfies MessageKey;
    const english = everyScreenWord.en[key];
    // Not yet added (no module of this file's imports adds them): the key, the message as sent.
    expect(translate('sw', key)).toBe(key);
    expect(translateMessageIn('sw', english)).toBe(english);
    addScreenWords(everyScreenWord);
    expect(translate('sw', key)).toBe(everyScreenWord.sw[key]);
    expect(translate('en', key)).toBe(english);
    expect(translateMessageIn('sw', english)).toBe(everyScreenWord.sw[key]);
  });
});
