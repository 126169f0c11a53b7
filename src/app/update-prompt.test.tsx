// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/language.ts';
import { renderWithProviders } from '../../tests/support/jsdom.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

const worker = vi.hoisted(() => ({ waiting: true, applyUpdate: vi.fn() }));
vi.mock('./register-sw.ts', () => ({
  useUpdateWaiting: () => worker.waiting,
  applyUpdate: worker.applyUpdate,
}));

beforeAll(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  worker.applyUpdate.mockReset();
  worker.waiting = true;
});

// Inside the shared providers: the app's Providers would render a second prompt of their own.
function renderPrompt() {
  renderWithProviders(<UpdatePrompt />);
}

describe('UpdatePrompt', () => {
  it('says nothing while no new version is waiting', () => {
    worker.waiting = false;
    renderPrompt();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a waiting version and reloads onto it only when asked', () => {
    renderPrompt();
    expect(screen.getByRole('status').textContent).toContain('A new version is available');
    const reload = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(reload);
    expect(worker.applyUpdate).toHaveBeenCalledTimes(1);
    expect((reload as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Later' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('hides for this page when the user chooses Later', () => {
    renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(worker.applyUpdate).not.toHaveBeenCalled();
  });
});
