import { describe, expect, it } from 'vitest';
import { isSafeText, maxJsonDepth, safeInputMessages, unsafeInputReason } from './safe-input.ts';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { a: value } : [value];
  return value;
}

describe('safe input', () => {
  it.each([
    ['plain text', 'Nyundo ya chuma', true],
    ['Kiswahili and emoji (a surrogate pair)', 'Mafuta 🌻', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'x\uD83Dy', false],
    ['a lone low surrogate', '\uDE00', false],
    ['a high surrogate at the end', 'end\uD83D', false],
  ])('text: %s', (_name, text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });

  it('finds bad characters in keys and values at any depth', () => {
    expect(unsafeInputReason({ name: 'ok', tags: ['fine', { note: 'x\u0000' }] })).toBe(
      safeInputMessages.badCharacters,
    );
    expect(unsafeInputReason({ ['k\u0000']: 1 })).toBe(safeInputMessages.badCharacters);
    expect(unsafeInputReason({ name: 'ok', price: 5, none: null, list: [] })).toBeUndefined();
  });

  it('refuses JSON nested deeper than the limit without overflowing its own stack', () => {
    expect(unsafeInputReason(nested(maxJsonDepth))).toBeUndefined();
    expect(unsafeInputReason(nested(maxJsonDepth + 1))).toBe(safeInputMessages.tooDeep);
    expect(unsafeInputReason(nested(100_000))).toBe(safeInputMessages.tooDeep);
  });

  it('leaves binary uploads alone', () => {
    expect(unsafeInputReason({ image: new Uint8Array([0, 0, 0]) })).toBeUndefined();
  });
});
