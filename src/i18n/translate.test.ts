import { describe, expect, it } from 'vitest';
import { loginMessages } from '../../domain/user-messages.ts';
import { interpolate, translate, translateMessageIn } from './translate.ts';

describe('interpolate', () => {
  it('fills {placeholders} and leaves unknown ones visible', () => {
    expect(interpolate('Page {page} of {pages}', { page: 2, pages: 5 })).toBe('Page 2 of 5');
    expect(interpolate('Hello {name}', {})).toBe('Hello {name}');
    expect(interpolate('No values')).toBe('No values');
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
