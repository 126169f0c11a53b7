// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { routeTree } from '../../app/router.tsx';
import { renderWithProviders } from '../../../tests/support/jsdom.tsx';

beforeAll(() => {
  // jsdom does not lay out; the page scrolls to the section it was asked for.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('landing page', () => {
  it('hands the router a section hash the address got from the static hero before the router listened', async () => {
    // The static hero's plain anchor changed the address; the router still believes in '/'.
    window.history.replaceState(null, '', '/#mawasiliano');
    const router = renderWithProviders(null, { providers: Providers, routeTree, at: '/' });
    await waitFor(() => expect(router.state.location.hash).toBe('mawasiliano'));
  });

  it('leaves the router alone when the address has no hash', async () => {
    const router = renderWithProviders(null, { providers: Providers, routeTree, at: '/' });
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(router.state.location.hash).toBe('');
  });
});
