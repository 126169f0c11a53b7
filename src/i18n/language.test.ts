import { describe, expect, it, vi } from 'vitest';

// A fresh module per test: the language store is module state.
async function freshStore() {
  vi.resetModules();
  return import('./language.ts');
}

describe('language store', () => {
  it('lets a page pick the language while the user has not chosen one, without storing it', async () => {
    const store = await freshStore();
    expect(store.getLanguage()).toBe(store.defaultLanguage);
    const listener = vi.fn();
    store.subscribeLanguage(listener);
    store.setUnchosenLanguage('sw');
    expect(store.getLanguage()).toBe('sw');
    expect(listener).toHaveBeenCalledTimes(1);
    store.setUnchosenLanguage(store.defaultLanguage);
    expect(store.getLanguage()).toBe(store.defaultLanguage);
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
});
