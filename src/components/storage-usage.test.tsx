// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/support/jsdom.tsx';
import { setLanguage } from '../i18n/language.ts';
import type { StorageUse } from './storage-estimate.ts';
import { StorageUsage } from './storage-usage.tsx';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

function renderWith(use: StorageUse | null) {
  renderWithProviders(<StorageUsage read={() => Promise.resolve(use)} />);
}

describe('the sync panel’s storage line', () => {
  it('shows the storage used against the quota', async () => {
    setLanguage('en');
    renderWith({ usedBytes: 8_200_000, quotaBytes: 1e9, percent: 1, nearlyFull: false });
    await screen.findByText('Storage used on this device: 8.2 MB of 1 GB (1%)');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the quota is nearly full, in English and Kiswahili', async () => {
    setLanguage('en');
    renderWith({ usedBytes: 850_000_000, quotaBytes: 1e9, percent: 85, nearlyFull: true });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Storage is nearly full');
    expect(alert.textContent).toContain('(85%)');
    setLanguage('sw');
    await screen.findByText('Nafasi inakaribia kujaa');
  });

  it('says so where the browser does not tell', async () => {
    setLanguage('en');
    renderWith(null);
    await screen.findByText('This browser does not say how much storage the app uses.');
  });
});
