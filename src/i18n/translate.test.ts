import { describe, expect, it, vi } from 'vitest';
import { loginMessages } from '../../domain/user-messages.ts';
import { interpolate, translate, translateMessageIn } from './translate.ts';

describe('interpolate', () => {
  it('fills {placeholders} and leaves unknown ones visible', () => {
    expect(interpolate('Page {page} of {pages}', { page: 2, pages: 5 })).toBe('Page 2 of 5');
    expect(interpolate('Hello {name}', {})).toBe('Hello {name}');
    expect(interpolate('No values')).toBe('No values');
  });
});

describe('interpolate with plurals', () => {
  const units = '{count, plural, one {# unit} other {# units}}';
  it('picks the singular for one and the plural otherwise, in English', () => {
    expect(interpolate(units, { count: 1 })).toBe('1 unit');
    expect(interpolate(units, { count: 0 })).toBe('0 units');
    expect(interpolate(units, { count: 12 })).toBe('12 units');
  });

  it('follows the language: Kiswahili kipande/vipande', () => {
    const vipande = '{count, plural, one {kipande #} other {vipande #}}';
    expect(interpolate(vipande, { count: 1 }, 'sw')).toBe('kipande 1');
    expect(interpolate(vipande, { count: 3 }, 'sw')).toBe('vipande 3');
  });

  it('prefers an exact =N branch and keeps other placeholders working', () => {
    const text = '{name}: {n, plural, =0 {none} one {# item} other {# items}}';
    expect(interpolate(text, { name: 'Cart', n: 0 })).toBe('Cart: none');
    expect(interpolate(text, { name: 'Cart', n: 2 })).toBe('Cart: 2 items');
  });

  it('leaves a plural whose value is missing or not a number visible', () => {
    expect(interpolate(units, {})).toBe(units);
    expect(interpolate(units, { count: 'x' })).toBe(units);
  });
});

describe('translate', () => {
  it('looks a key up in the chosen language', () => {
    expect(translate('en', 'nav.home')).toBe('Home');
    expect(translate('sw', 'nav.home')).toBe('Nyumbani');
    expect(translate('sw', 'common.pageOf', { page: 1, pages: 3 })).toBe('Ukurasa 1 kati ya 3');
  });
});

describe('translateMessageIn', () => {
  it('translates a known English message', () => {
    expect(translateMessageIn('sw', loginMessages.invalidCredentials)).toBe(
      'Taarifa za kuingia si sahihi',
    );
    expect(translateMessageIn('en', loginMessages.invalidCredentials)).toBe(
      'Invalid login credentials',
    );
  });

  it('returns an unknown message unchanged', () => {
    expect(translateMessageIn('sw', 'Something the server said')).toBe('Something the server said');
  });
});

describe('translation before and while the dictionaries load', () => {
  it('gives the key before any dictionary is in, and a server message unchanged until English is', async () => {
    vi.resetModules();
    const dictionaries = await import('./dictionaries.ts');
    const fresh = await import('./translate.ts');
    expect(fresh.translate('sw', 'common.close')).toBe('common.close');
    await dictionaries.loadDictionary('sw');
    expect(fresh.translate('sw', 'common.close')).not.toBe('common.close');
    // A Kiswahili device: English loads after the first screen; meanwhile the text stays as sent.
    expect(fresh.translateMessageIn('sw', 'Invalid login credentials')).toBe(
      'Invalid login credentials',
    );
    await dictionaries.loadDictionary('en');
    expect(fresh.translateMessageIn('sw', 'Invalid login credentials')).not.toBe(
      'Invalid login credentials',
    );
  });
});
