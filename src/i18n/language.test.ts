// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the language store is module state. Its dictionaries too: loaded here,
// as the app loads the device's language before its first render (main.tsx).
async function freshStore({ loaded = true } = {}) {
  vi.resetModules();
  if (loaded) {
    const { loadDictionary } = await import('./dictionaries.ts');
    await Promise.all([loadDictionary('en'), loadDictionary('sw')]);
  }
  return import('./language.ts');
}

function preferBrowserLanguages(languages: readonly string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('language store', () => {
  it('lets a page pick the language while the user has not chosen one, without storing it', async () => {
    window.history.replaceState(null, '', '/login');
    preferBrowserLanguages(['en-US']);
    const store = await freshStore();
    expect(store.getLanguage()).toBe('en');
    const listener = vi.fn();
    store.subscribeLanguage(listener);
    store.setUnchosenLanguage('sw');
    expect(store.getLanguage()).toBe('sw');
    expect(listener).toHaveBeenCalledTimes(1);
    store.setUnchosenLanguage(store.unchosenAppLanguage());
    expect(store.getLanguage()).toBe('en');
    expect(localStorage.getItem('lang')).toBeNull();
  });

  it("keeps the user's choice over a page's preference, even when it equals the current language", async () => {
    const store = await freshStore();
    store.setUnchosenLanguage('sw');
    store.setLanguage('sw');
    store.setUnchosenLanguage('en');
    expect(store.getLanguage()).toBe('sw');
    store.setLanguage('en');
    store.setUnchosenLanguage('sw');
    expect(store.getLanguage()).toBe('en');
  });

  it('starts /login in Kiswahili on a device that was shown the Kiswahili site, and sets <html lang>', async () => {
    preferBrowserLanguages(['en-US']);
    const { recordSiteLanguage } = await import('./first-language.ts');
    recordSiteLanguage('sw');
    expect(localStorage.getItem('lang')).toBeNull();

    window.history.replaceState(null, '', '/login');
    const login = await freshStore();
    expect(login.getLanguage()).toBe('sw');
    expect(login.unchosenAppLanguage()).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('starts /login in the browser language, and a stored choice beats it', async () => {
    window.history.replaceState(null, '', '/login');
    preferBrowserLanguages(['sw-TZ', 'en']);
    expect((await freshStore()).getLanguage()).toBe('sw');
    localStorage.setItem('lang', 'en');
    expect((await freshStore()).getLanguage()).toBe('en');
  });

  it('follows a choice made in another tab', async () => {
    window.history.replaceState(null, '', '/login');
    preferBrowserLanguages(['en-US']);
    const store = await freshStore();
    window.dispatchEvent(new StorageEvent('storage', { key: 'lang', newValue: 'sw' }));
    expect(store.getLanguage()).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('shows a language only once its words have loaded, and the last choice wins', async () => {
    window.history.replaceState(null, '', '/login');
    preferBrowserLanguages(['en-US']);
    const store = await freshStore({ loaded: false });
    const { loadDictionary, loadedDictionary } = await import('./dictionaries.ts');
    await loadDictionary('en');
    const listener = vi.fn();
    store.subscribeLanguage(listener);
    store.setLanguage('sw');
    // Not yet: the Kiswahili chunk is still loading, and a screen of keys must never show.
    expect(store.getLanguage()).toBe('en');
    expect(localStorage.getItem('lang')).toBe('sw');
    await vi.waitFor(() => expect(store.getLanguage()).toBe('sw'));
    expect(loadedDictionary('sw')).toBeDefined();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('sw');
  });
});
