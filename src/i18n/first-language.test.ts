import { describe, expect, it } from 'vitest';
import { firstLanguage, isMarketingPath, type LanguageSignals } from './first-language.ts';

const nothing: LanguageSignals = {
  choice: null,
  siteLanguage: null,
  browserLanguages: [],
  marketingPage: false,
};

describe('firstLanguage', () => {
  it('keeps an explicit choice over every other signal, on any page', () => {
    const signals = { siteLanguage: 'sw', browserLanguages: ['sw-TZ'], marketingPage: true };
    expect(firstLanguage({ ...signals, choice: 'en' })).toBe('en');
    expect(firstLanguage({ ...nothing, choice: 'sw', browserLanguages: ['en-US'] })).toBe('sw');
  });

  it('speaks Kiswahili on the marketing pages until the visitor chooses', () => {
    expect(firstLanguage({ ...nothing, marketingPage: true, browserLanguages: ['en-US'] })).toBe(
      'sw',
    );
  });

  it('speaks Kiswahili elsewhere once the device was shown the Kiswahili site, whatever the browser prefers', () => {
    expect(firstLanguage({ ...nothing, siteLanguage: 'sw', browserLanguages: ['en-US'] })).toBe(
      'sw',
    );
  });

  it('otherwise lets the first Kiswahili or English browser language decide, any region', () => {
    expect(firstLanguage({ ...nothing, browserLanguages: ['sw-TZ', 'en-US'] })).toBe('sw');
    expect(firstLanguage({ ...nothing, browserLanguages: ['en-GB', 'sw'] })).toBe('en');
    expect(firstLanguage({ ...nothing, browserLanguages: ['fr-FR', 'de', 'sw-KE'] })).toBe('sw');
    expect(firstLanguage({ ...nothing, browserLanguages: ['SW_tz'] })).toBe('sw');
  });

  it('falls back to English when nothing decides', () => {
    expect(firstLanguage(nothing)).toBe('en');
    expect(firstLanguage({ ...nothing, browserLanguages: ['fr-FR', 'ar'] })).toBe('en');
  });

  it('ignores stored values that are not languages', () => {
    const signals = { ...nothing, browserLanguages: ['sw-TZ'] };
    expect(firstLanguage({ ...signals, choice: 'fr', siteLanguage: 'xx' })).toBe('sw');
    expect(firstLanguage({ ...nothing, choice: '', siteLanguage: 'toString' })).toBe('en');
  });
});

describe('isMarketingPath', () => {
  it('knows the home and contact pages, with or without a trailing slash', () => {
    expect(isMarketingPath('/')).toBe(true);
    expect(isMarketingPath('/contact/')).toBe(true);
    expect(isMarketingPath('/login')).toBe(false);
    expect(isMarketingPath('/contact-us')).toBe(false);
  });
});
