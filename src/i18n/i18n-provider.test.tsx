// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginMessages } from '../../domain/user-messages.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The helper is imported after resetModules, so its I18nProvider is the fresh module's too.
describe('I18nProvider', () => {
  it('turns a server message shown before English loaded into Kiswahili once it arrives', async () => {
    // A Kiswahili device: its own language loaded, English (the key to server messages) not yet.
    vi.resetModules();
    localStorage.setItem('lang', 'sw');
    const { loadDictionary } = await import('./dictionaries.ts');
    await loadDictionary('sw');
    const { useTranslateMessage } = await import('./i18n.tsx');
    const { translate } = await import('./translate.ts');
    const { renderWithProviders } = await import('../../tests/support/jsdom.tsx');
    function ServerMessage() {
      return <p>{useTranslateMessage()(loginMessages.invalidCredentials)}</p>;
    }
    renderWithProviders(<ServerMessage />);
    // Shown as sent meanwhile, and English is asked for by the miss itself.
    expect(screen.getByText(loginMessages.invalidCredentials)).toBeTruthy();
    const kiswahili = await vi.waitFor(() => {
      const text = translate('sw', 'auth.message.invalidCredentials');
      expect(text).not.toBe(loginMessages.invalidCredentials);
      return text;
    });
    expect(await screen.findByText(kiswahili)).toBeTruthy();
  });

  it('loads the other language for a screen that shows it too, and shows it once in', async () => {
    // An English device: the bulk-upload guide is in Kiswahili as well.
    vi.resetModules();
    localStorage.setItem('lang', 'en');
    const { loadDictionary } = await import('./dictionaries.ts');
    await loadDictionary('en');
    const { useDictionaryReady } = await import('./i18n.tsx');
    const { translate } = await import('./translate.ts');
    const { renderWithProviders } = await import('../../tests/support/jsdom.tsx');
    function BothLanguages() {
      const ready = useDictionaryReady('sw');
      return <p>{ready ? translate('sw', 'common.close') : 'loading'}</p>;
    }
    renderWithProviders(<BothLanguages />);
    expect(screen.getByText('loading')).toBeTruthy();
    const { sw } = await import('./dictionary-sw.ts');
    expect(await screen.findByText(sw['common.close'])).toBeTruthy();
  });
});
